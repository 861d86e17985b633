import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { REFERRAL_REWARD_MESSAGES as R } from '../../../domain/checkout/referral.ts';
import { referralRewardSchema } from '../../../domain/checkout/referral-reward-api.ts';
import { currentUser } from '../../plugins/session.ts';

/** The signed-in referrer's gift-card rewards (decision 0057). */
export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const referrals = app.services.referrals;

  app.get(
    '/referrals/rewards',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Your referral rewards (a gift card per application a referred friend completed), newest first',
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(referralRewardSchema) },
      },
    },
    async (request) => ok(await referrals.listRewards(currentUser(request).viewer.id, request.query), R.loaded),
  );
};
