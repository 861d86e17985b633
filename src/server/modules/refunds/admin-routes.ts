import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefundDetailSchema,
  adminRefundListQuery,
  adminRefundSchema,
  approveRefundSchema,
  automaticRefundSchema,
  ADMIN_REFUND_MESSAGES as M,
  recordRefundByHandSchema,
  rejectRefundSchema,
} from '../../../domain/admin/refunds.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { coercedRowIdSchema } from '../../../domain/api/row-id.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';
import type { ByHandRefusal } from '../payments/service.ts';
import type { ApproveResult } from './decisions.ts';

/**
 * The back office's refund requests (issue 13 item 7, decision 0069), for staff: list, read,
 * approve a full or partial refund through the order's payment provider, or reject with a reason.
 */
/** Why a refund made by hand was not recorded: about the id typed (400), or not now (409, 502). */
function notRecorded(why: ByHandRefusal, id: string, made: string | undefined): never {
  const field = (message: string) => new HttpError(400, message, { providerRefundId: message });
  if (why === 'made-already') throw new HttpError(409, M.byHand.madeAlready(made ?? ''));
  if (why === 'lookup-failed') throw new HttpError(502, M.byHand.lookupFailed);
  if (why === 'failed') throw field(M.byHand.failed(id));
  if (why === 'other-amount') throw field(M.byHand.otherAmount(id));
  if (why === 'recorded-already') throw field(M.byHand.recordedAlready(id));
  throw field(M.byHand.notFound(id));
}

/** The answer to an approval, its retry, or its record as made by hand (`byHand`: the id typed). */
function approvalAnswer(result: ApproveResult, byHand?: string) {
  if (result.ok) {
    const amount = { amountCents: result.request.approvedCents ?? 0, currency: result.request.currency };
    return ok(result.request, byHand ? M.recordedByHand(amount) : M.refunded(amount));
  }
  if (result.reason === 'not-found') throw new HttpError(404, M.notFound);
  if (result.reason === 'decided') throw new HttpError(409, M.decided(result.status));
  if (result.reason === 'not-retryable') {
    throw new HttpError(409, byHand ? M.notRecordable(result.status) : M.notRetryable(result.status));
  }
  if (result.reason === 'not-recorded') notRecorded(result.why, byHand ?? '', result.refundId);
  if (result.reason === 'not-paid') throw new HttpError(409, M.notPaid);
  if (result.reason === 'in-flight') throw new HttpError(409, M.inFlight);
  if (result.reason === 'provider-unclear') throw new HttpError(502, M.providerUnclear);
  if (result.reason === 'partial-reason') {
    throw new HttpError(400, result.message, { partialReason: result.message });
  }
  if (result.reason === 'over') {
    const message = M.overRemaining(result.remaining);
    throw new HttpError(400, message, { amountCents: message });
  }
  throw new HttpError(502, M.providerFailed);
}

export const adminRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { refunds } = app.services;

  app.get(
    '/admin/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund requests, newest first; q matches the reference or e-mail, status=open the undecided',
        querystring: adminRefundListQuery,
        response: { 200: listEnvelopeSchema(adminRefundSchema) },
      },
    },
    async (request) => ok(await refunds.adminList(request.query)),
  );

  app.get(
    '/admin/refunds/automatic',
    {
      schema: {
        tags: ['admin'],
        summary: 'The newest 20 automatic refunds of stray charges (no request: the payments module made them)',
        response: { 200: envelopeSchema(z.array(automaticRefundSchema)) },
      },
    },
    async () => ok(await refunds.automaticRefunds()),
  );

  app.get(
    '/admin/refunds/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One refund request, its order, and what its payment has left to refund',
        params: idParams,
        response: { 200: envelopeSchema(adminRefundDetailSchema) },
      },
    },
    async (request) => {
      const detail = await refunds.adminGet(request.params.id);
      if (!detail) throw new HttpError(404, M.notFound);
      return ok(detail);
    },
  );

  app.post(
    '/admin/refunds/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refund amountCents (full or partial) through the order's payment provider; e-mails the customer. Less than the request asked needs partialReason (5–500 characters, told to the customer); the full amount takes none (400)",
        params: idParams,
        body: approveRefundSchema,
        // 502: the payment provider refused or did not answer.
        response: { 200: envelopeSchema(adminRefundSchema), ...refusals(502) },
      },
    },
    async (request) =>
      approvalAnswer(
        await refunds.approve(
          auditActor(request),
          request.params.id,
          request.body.amountCents,
          request.body.partialReason,
        ),
      ),
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Finish an approved refund whose provider call failed or never answered, with the same idempotency key (the provider refunds once)',
        params: idParams,
        response: { 200: envelopeSchema(adminRefundSchema), ...refusals(502) },
      },
    },
    async (request) => approvalAnswer(await refunds.retry(auditActor(request), request.params.id)),
  );

  app.post(
    '/admin/refunds/:id/recorded-by-hand',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Close an approved refund whose provider call did not finish with the refund staff made in the provider's dashboard, by its id there, once the provider shows it as this payment's refund of the approved amount: Refunded, the customer e-mailed, no retry after it",
        params: idParams,
        body: recordRefundByHandSchema,
        // 502: the payment provider did not answer the look-up of the refund.
        response: { 200: envelopeSchema(adminRefundSchema), ...refusals(502) },
      },
    },
    async (request) =>
      approvalAnswer(
        await refunds.recordByHand(auditActor(request), request.params.id, request.body.providerRefundId),
        request.body.providerRefundId,
      ),
  );

  const automaticParams = z.object({ attemptId: coercedRowIdSchema() });

  app.post(
    '/admin/refunds/automatic/:attemptId/retry',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send the automatic refund of a stray charge to its payment provider again (refused, or given up), under its own key: refunded at most once; the customer is e-mailed once it is made',
        params: automaticParams,
        response: { 202: envelopeSchema(z.null()), ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await refunds.retryAutomatic(auditActor(request), request.params.attemptId);
      if (outcome === 'not-found') throw new HttpError(404, M.automatic.notFound);
      if (outcome === 'refunded') throw new HttpError(409, M.automatic.refundedAlready);
      return reply.status(202).send(ok(null, M.automatic.retried, 202));
    },
  );

  app.post(
    '/admin/refunds/automatic/:attemptId/recorded-by-hand',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Record the automatic refund of a stray charge as made by hand in the provider's dashboard, by its id there, once the provider shows it as this payment's refund of the amount; the customer is e-mailed",
        params: automaticParams,
        body: recordRefundByHandSchema,
        // 502: the payment provider did not answer the look-up of the refund.
        response: { 200: envelopeSchema(z.null()), ...refusals(404, 409, 502) },
      },
    },
    async (request) => {
      const { attemptId } = request.params;
      const { providerRefundId } = request.body;
      const outcome = await refunds.recordAutomaticByHand(auditActor(request), attemptId, providerRefundId);
      if (outcome.ok) return ok(null, M.automatic.recordedByHand(outcome));
      if (outcome.reason === 'not-found') throw new HttpError(404, M.automatic.notFound);
      if (outcome.reason === 'in-flight') throw new HttpError(409, M.inFlight);
      notRecorded(outcome.why, providerRefundId, outcome.refundId);
    },
  );

  app.post(
    '/admin/refunds/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject the request with a reason; e-mails the customer',
        params: idParams,
        body: rejectRefundSchema,
        response: { 200: envelopeSchema(adminRefundSchema) },
      },
    },
    async (request) => {
      const result = await refunds.reject(auditActor(request), request.params.id, request.body.reason);
      if (result.ok) return ok(result.request, M.rejected);
      if (result.reason === 'not-found') throw new HttpError(404, M.notFound);
      throw new HttpError(409, M.decided(result.status));
    },
  );
};
