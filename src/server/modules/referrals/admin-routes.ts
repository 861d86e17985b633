import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReferralRewardListQuery,
  adminReferralRewardSchema,
  ADMIN_REFERRAL_REWARD_MESSAGES as M,
} from '../../../domain/admin/referral-rewards.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';

/**
 * The back office's referral rewards (decision 0057), for staff, who send the gift cards as they
 * send refunds: every reward, and the record that a card went out.
 */
export const adminReferralRewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { referralsAdmin } = app.services;

  app.get(
    '/admin/referral-rewards',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Referral rewards, newest first, with the referrer's e-mail and the friend's order; status=earned the cards still to send, q matches the referrer's name or e-mail",
        querystring: adminReferralRewardListQuery,
        response: { 200: listEnvelopeSchema(adminReferralRewardSchema) },
      },
    },
    async (request) => ok(await referralsAdmin.list(request.query)),
  );

  app.post(
    '/admin/referral-rewards/:id/sent',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Record that the reward's gift card was e-mailed to the referrer: earned → sent, once; a withdrawn reward is refused",
        params: idParams,
        response: { 200: envelopeSchema(adminReferralRewardSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const result = await referralsAdmin.markSent(auditActor(request), request.params.id);
      if (result.ok) return ok(result.reward, M.markedSent);
      if (result.reason === 'not-found') throw new HttpError(404, M.notFound);
      throw new HttpError(409, result.reason === 'withdrawn' ? M.withdrawn : M.alreadySent);
    },
  );
};
