import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { orderRefParams, parseOrderRef } from '../../../domain/applications/application.ts';
import {
  MEMBER_FORM_MESSAGES as F,
  MEMBER_FORM_BODY_LIMIT,
  MEMBER_FORM_SAVE_RATE_LIMIT,
  memberFormSchema,
  orderFormSchema,
  saveMemberFormSchema,
} from '../../../domain/applications/member-form.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { perSessionAnd } from '../../http/rate-limits.ts';
import { customer, memberParams, valueOrThrow } from './route-helpers.ts';

/** Autosave: one write per member per second per session; the browser waits AUTOSAVE_DEBOUNCE_MS anyway. */
const saveRateLimit = perSessionAnd(MEMBER_FORM_SAVE_RATE_LIMIT, {
  name: 'member-form-save',
  part: (request) => String((request.params as { memberId?: unknown }).memberId),
  message: F.tooFrequent,
});

/**
 * The member form calls (SPEC.md §7 /fetch-forms, §3 applicationFormData, §4 form progress) under
 * /api/v1/application/order/{orderRef}/… (docs/decisions/0051): the order's form definition, each
 * member's answers and step, autosave, and the review step.
 */
export const memberFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  // An autosave body over the limit is refused while it arrives, with words for the form page.
  app.setErrorHandler((error, _request, _reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, F.tooLarge);
    throw error;
  });
  const { memberForms } = app.services;
  const tags = ['application forms'];

  app.get(
    '/application/order/:orderRef/form',
    {
      schema: {
        tags,
        summary:
          "The order's form definition: the version the order was started with (null for a package without a form)",
        params: orderRefParams,
        response: { 200: envelopeSchema(orderFormSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      return ok(valueOrThrow(await memberForms.orderForm(customer(request).id, ref)), F.definitionLoaded);
    },
  );

  const memberForm = '/application/order/:orderRef/members/:memberId/form';

  app.get(
    memberForm,
    {
      schema: {
        tags,
        summary: "A member's answers, current step and review details",
        params: memberParams,
        // 409: the package has no form to fill in.
        response: { 200: envelopeSchema(memberFormSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await memberForms.memberForm(customer(request).id, ref, memberId)), F.loaded);
    },
  );

  app.put(
    memberForm,
    {
      bodyLimit: MEMBER_FORM_BODY_LIMIT,
      config: { rateLimit: saveRateLimit },
      schema: {
        tags,
        summary:
          "Autosave a member's whole answer set and step (replaces what was stored). One malformed answer: 400 with field messages, nothing stored. At most one save per member per second per session.",
        params: memberParams,
        body: saveMemberFormSchema,
        response: { 200: envelopeSchema(memberFormSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await memberForms.save(customer(request).id, ref, memberId, request.body)), F.saved);
    },
  );

  app.post(
    `${memberForm}/review`,
    {
      schema: {
        tags,
        summary:
          "The review step: checks the member's stored answers are complete, then stores the review details (400 with field messages when not)",
        params: memberParams,
        response: { 200: envelopeSchema(memberFormSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await memberForms.review(customer(request).id, ref, memberId)), F.reviewed);
    },
  );

  app.delete(
    `${memberForm}/review`,
    {
      schema: {
        tags,
        summary:
          "Remove a member's review details: the form is open for changes again (an order waiting for our team goes back to Forms incomplete)",
        params: memberParams,
        response: { 200: envelopeSchema(memberFormSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await memberForms.removeReview(customer(request).id, ref, memberId)), F.reviewRemoved);
    },
  );
};
