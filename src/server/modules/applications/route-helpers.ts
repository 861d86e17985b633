import type { FastifyRequest } from 'fastify';
import { orderRefParams } from '../../../domain/applications/application.ts';
import type { FormResult } from '../../../domain/contact/result.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';

/** What the application and document routes share. */

/** A service's answer, or its failure as the HTTP error the client reads. */
export function valueOrThrow<T>(result: FormResult<T>): T {
  if (!result.ok) throw new HttpError(result.status, result.message, result.errors);
  return result.value;
}

/** `{orderRef}/members/{memberId}`. */
export const memberParams = orderRefParams.extend({ memberId: idParams.shape.id });

/** The signed-in customer of a request that passed `requireUser`. */
export const customer = (request: FastifyRequest) => {
  const { viewer } = currentUser(request);
  return { id: viewer.id, email: viewer.email };
};
