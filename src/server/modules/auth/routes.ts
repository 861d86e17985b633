import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { AUTH_API_MESSAGES as A, AUTH_MESSAGES as M, tooManyAttemptsMessage } from '../../../domain/auth/messages.ts';
import {
  CAPTCHA_ACTIONS,
  platformSchema,
  resetPasswordSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from '../../../domain/auth/requests.ts';
import {
  referralCheckSchema,
  resendVerificationSchema,
  signInSchema,
  signUpPayloadSchema,
} from '../../../domain/auth/schemas.ts';
import { PLATFORMS } from '../../../domain/config/platform.ts';
import { checkPhoneCountry } from '../../../domain/phone/phone-country.ts';
import { HUMAN_PASS_COOKIE, HUMAN_PASS_TTL_MS, isValidHumanPass } from '../../captcha/human-pass.ts';
import { clientKey } from '../../http/client-address.ts';
import { failEnvelopeSchema, refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { createAuthRateLimits } from '../../http/rate-limits.ts';
import { createSignInThrottle, signInFailureLimits } from '../../http/sign-in-throttle.ts';
import { siteUrlFor } from '../../http/site-url.ts';
import { normalizeReferralCode } from '../users/service.ts';
import { DEVICE_COOKIE_NAME } from './device-cookie.ts';

/** The sign-up body: SPEC.md §3's payload plus a honeypot a person never fills in. */
const signUpBodySchema = signUpPayloadSchema
  .extend({
    /** Honeypot: hidden from people, so any value means a bot. */
    website: z.string().max(500).optional(),
  })
  .superRefine(checkPhoneCountry);

const nullData = envelopeSchema(z.null());

/** /auth/*: sign-up, e-mail verification, sign-in and out, password reset, referral check. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = createAuthRateLimits(app);
  const signInThrottle = createSignInThrottle(app.rateLimitStore, signInFailureLimits(app));
  const auth = app.services.auth;

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send the verification e-mail',
        description: `While the human check is on, only a browser that passed it in the last ${HUMAN_PASS_TTL_MS / 60_000} minutes may sign up: it sends the httpOnly \`${HUMAN_PASS_COOKIE}\` cookie a passed \`POST /api/hello\` (action '${CAPTCHA_ACTIONS.signUp}') set. Without it: 400 '${M.signupBot}'.`,
        headers: z.looseObject({ 'x-platform': platformSchema.optional() }),
        body: signUpBodySchema,
        response: { 201: envelopeSchema(z.object({ email: z.string() })) },
      },
      onRequest: limits.signUp.client,
      preHandler: limits.signUp.email,
    },
    async (request, reply) => {
      const { website, ...payload } = request.body;
      if (website) throw new HttpError(400, M.signupBot);
      // With the human check on, only a browser that just passed it (POST /api/hello) may sign up;
      // one that did not is refused as SPEC.md §8 words a failed sign-up bot check.
      const secret = app.env.RECAPTCHA_SECRET_KEY;
      if (secret && !isValidHumanPass(secret, request.cookies[HUMAN_PASS_COOKIE], CAPTCHA_ACTIONS.signUp))
        throw new HttpError(400, M.signupBot);
      const result = await auth.signUp(
        { ...payload, platform: request.headers['x-platform'] ?? PLATFORMS.docs },
        siteUrlFor(request, app.env),
      );
      if (!result.ok) throw new HttpError(400, A.invalidReferral, { referredBy: A.invalidReferral });
      if (secret) reply.clearCookie(HUMAN_PASS_COOKIE, { path: '/api' });
      // The same answer for a taken address (its owner is e-mailed instead): no enumeration.
      return reply.status(201).send(ok({ email: result.email }, A.signUpSuccess, 201));
    },
  );

  app.post(
    '/auth/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: data is the session token; the httpOnly session cookie is set too',
        body: signInSchema,
        // 429 too many failures (counted in the handler). The document's general 401 and 403 (no
        // session, a missing role) do not say what sign-in means by them.
        response: {
          200: envelopeSchema(z.string()),
          401: failEnvelopeSchema.describe(`Wrong e-mail or password: '${A.invalidCredentials}'`),
          403: failEnvelopeSchema.describe(
            `The right password, but the e-mail is not verified yet: '${M.unverifiedEmail}' (the text on which a client shows SPEC.md §8's Resend Mail prompt); or the account is disabled: '${A.accountDisabled}'; or a cookie-signed request from another site`,
          ),
          ...refusals(429),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Failed guesses are throttled per account and client, per account and per client, or, from
      // a browser that signed in to the account before, per device; the customer's own successes
      // never count (docs/decisions/0040, 0090-hardening-server).
      const client = {
        ip: clientKey(request.ip),
        device: await auth.trustedDevice(email, request.cookies[DEVICE_COOKIE_NAME]),
      };
      const wait = await signInThrottle.retryAfter(email, client);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, tooManyAttemptsMessage(wait));
      }
      const result = await auth.signIn(email, password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        origin: siteUrlFor(request, app.env),
      });
      if (!result.ok && result.reason === 'invalid-credentials') {
        await signInThrottle.failed(email, client);
        throw new HttpError(401, A.invalidCredentials);
      }
      await signInThrottle.succeeded(email, client);
      if (!result.ok && result.reason === 'disabled') throw new HttpError(403, A.accountDisabled);
      if (!result.ok) throw new HttpError(403, M.unverifiedEmail);
      // Signing in again on this browser replaces its previous session.
      if (request.session?.source === 'cookie') await auth.endSession(request.session.id);
      app.setSessionCookie(reply, result.token);
      app.setDeviceCookie(reply, result.deviceCookie);
      return ok(result.token, A.signedIn);
    },
  );

  app.post(
    '/auth/signout',
    {
      schema: { tags: ['auth'], summary: 'End this session and clear the cookie', response: { 200: nullData } },
      // Without the bearer token or cookie it still answers 200, but the session lives on.
      config: { sessionOptional: true },
    },
    async (request, reply) => {
      if (request.session) await auth.endSession(request.session.id);
      app.clearSessionCookie(reply);
      return ok(null, A.signedOut);
    },
  );

  app.post(
    '/auth/email/send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Resend the verification e-mail (same answer whether or not the account exists)',
        body: resendVerificationSchema,
        response: { 200: nullData },
      },
      onRequest: limits.resend.client,
      preHandler: limits.resend.email,
    },
    async (request) => {
      await auth.resendVerification(request.body.email, siteUrlFor(request, app.env), request.body.returnTo);
      return ok(null, M.resendSuccess);
    },
  );

  app.post(
    '/auth/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Verify the e-mail with the token of the link: where it returns to, and whether it signed in (a fresh link sets the session cookie, never over another account’s session on this browser), or, when sign-ups for the address came with different passwords, the token of the password reset that chooses one (choosePassword); a link used before: already verified, data null',
        body: verifyEmailSchema,
        response: {
          200: envelopeSchema(
            z
              .object({ signedIn: z.boolean(), returnTo: z.string().nullable(), choosePassword: z.string().nullable() })
              .nullable(),
          ),
        },
      },
      onRequest: limits.verify,
    },
    async (request, reply) => {
      const result = await auth.verifyEmail(
        request.body.token,
        { ip: request.ip, userAgent: request.headers['user-agent'], origin: siteUrlFor(request, app.env) },
        request.viewer?.id ?? null,
      );
      if (result.state === 'invalid') throw new HttpError(400, A.invalidVerificationLink);
      if (result.state === 'already-verified') return ok(null, A.emailAlreadyVerified);
      const { signedIn, returnTo, choosePassword } = result;
      // Only a browser without a session is signed in (an unverified account has none, and another
      // account's is never replaced): no earlier session to end.
      if (signedIn) app.setSessionCookie(reply, signedIn.token);
      const message = choosePassword
        ? A.emailVerifiedChoosePassword
        : signedIn
          ? A.emailVerifiedSignedIn
          : result.otherAccount
            ? A.emailVerifiedOtherAccount
            : A.emailVerified;
      return ok({ signedIn: signedIn !== null, returnTo, choosePassword }, message);
    },
  );

  app.post(
    '/auth/reset-password/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (same answer whether or not the account exists)',
        body: resetRequestSchema,
        response: { 200: nullData },
      },
      onRequest: limits.resetRequest.client,
      preHandler: limits.resetRequest.email,
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, siteUrlFor(request, app.env));
      return ok(null, A.resetRequested);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of the reset link; ends every session',
        body: resetPasswordSchema,
        response: { 200: nullData },
      },
      onRequest: limits.reset,
    },
    async (request, reply) => {
      const reset = await auth.resetPassword(request.body.token, request.body.password, siteUrlFor(request, app.env));
      if (reset === null) throw new HttpError(400, A.invalidResetLink);
      // The owner proved their mailbox on this browser: whatever was guessed, by strangers or by
      // the owner on it, no longer holds the account here, and it signs in as a known device.
      await signInThrottle.recovered(reset.email, clientKey(request.ip));
      if (request.session?.source === 'cookie') app.clearSessionCookie(reply);
      app.setDeviceCookie(reply, reset.deviceCookie);
      return ok(null, A.passwordReset);
    },
  );

  app.post(
    '/auth/validate-referral',
    {
      schema: {
        tags: ['auth'],
        summary: "Check a friend's referral code (200 valid, 404 unknown)",
        body: referralCheckSchema,
        response: { 200: envelopeSchema(z.object({ referralCode: z.string() })), ...refusals(404) },
      },
      onRequest: limits.referral,
    },
    async (request) => {
      const code = normalizeReferralCode(request.body.referralCode);
      if (!(await auth.validateReferral(code))) throw new HttpError(404, A.invalidReferral);
      return ok({ referralCode: code }, A.validReferral);
    },
  );
};
