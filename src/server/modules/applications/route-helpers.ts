import type { FastifyRequest } from 'fastify';
import { orderRefParams } from '../../../domain/applications/application.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';

/** What the application and document routes share. */

export { valueOrThrow } from '../../http/errors.ts';

/** `{orderRef}/members/{memberId}`. */
export const memberParams = orderRefParams.extend({ memberId: idParams.shape.id });

/** The signed-in customer of a request that passed `requireUser`. */
export const customer = (request: FastifyRequest) => {
  const { viewer } = currentUser(request);
  return { id: viewer.id, email: viewer.email };
};
