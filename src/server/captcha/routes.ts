import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../domain/api/envelope.ts';
import { envelopeSchema } from '../../domain/api/pagination.ts';
import { AUTH_API_MESSAGES as A } from '../../domain/auth/messages.ts';
import { captchaCheckSchema } from '../../domain/auth/requests.ts';
import { refusals } from '../http/error-responses.ts';
import { HttpError } from '../http/errors.ts';
import { authLimitFigures, byClient, createLimiter } from '../http/rate-limits.ts';
import { HUMAN_PASS_COOKIE, HUMAN_PASS_TTL_MS, issueHumanPass } from './human-pass.ts';
import {
  CaptchaUnavailableError,
  type CaptchaVerifier,
  createDisabledVerifier,
  createRecaptchaVerifier,
} from './verifier.ts';

/**
 * POST /api/hello (SPEC.md §7 bot check, outside /api/v1 as the spec has it): verifies the
 * browser's reCAPTCHA v3 token. 200 with data.success true or false; 503 when Google cannot be
 * reached. Without RECAPTCHA_SECRET_KEY every check passes (logged once at boot). A pass also
 * sets the human-pass cookie that sign-up asks for (human-pass.ts).
 */
export const captchaRoutes: FastifyPluginAsyncZod<{ verifier?: CaptchaVerifier }> = async (app, options) => {
  const { env } = app;
  const verifier =
    options.verifier ??
    (env.RECAPTCHA_SECRET_KEY
      ? createRecaptchaVerifier({
          secret: env.RECAPTCHA_SECRET_KEY,
          minScore: env.RECAPTCHA_MIN_SCORE,
          verifyUrl: env.RECAPTCHA_VERIFY_URL,
        })
      : createDisabledVerifier());
  if (!verifier.enabled) {
    app.log.info('reCAPTCHA is off (no RECAPTCHA_SECRET_KEY): every human check passes with score 1');
  }
  const limit = createLimiter(app, 'captcha:client', authLimitFigures(app).perClient, byClient);

  app.post(
    '/api/hello',
    {
      schema: {
        tags: ['auth'],
        summary: 'Human check: verify a reCAPTCHA v3 token for an action',
        description: `While the check is on (the server has a reCAPTCHA secret), a pass also sets the httpOnly \`${HUMAN_PASS_COOKIE}\` cookie (path /api, ${HUMAN_PASS_TTL_MS / 60_000} minutes) that \`POST /api/v1/auth/signup\` asks for.`,
        body: captchaCheckSchema,
        // 503: reCAPTCHA could not be reached.
        response: { 200: envelopeSchema(z.object({ success: z.boolean(), score: z.number() })), ...refusals(503) },
      },
      onRequest: limit,
    },
    async (request, reply) => {
      const { gRecaptchaToken, action } = request.body;
      try {
        const result = await verifier.verify(gRecaptchaToken, { action, remoteIp: request.ip });
        if (!result.success)
          request.log.info({ score: result.score, errorCodes: result.errorCodes }, 'human check failed');
        else if (env.RECAPTCHA_SECRET_KEY)
          reply.setCookie(HUMAN_PASS_COOKIE, issueHumanPass(env.RECAPTCHA_SECRET_KEY, action), {
            path: '/api',
            httpOnly: true,
            sameSite: 'strict',
            secure: env.isProductionDeployment,
            maxAge: HUMAN_PASS_TTL_MS / 1000,
          });
        return ok({ success: result.success, score: result.score }, result.success ? A.captchaPassed : A.captchaFailed);
      } catch (error) {
        if (!(error instanceof CaptchaUnavailableError)) throw error;
        request.log.warn({ err: error }, 'human check unavailable');
        throw new HttpError(503, A.captchaUnavailable);
      }
    },
  );
};
