import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOrderNoteSchema,
  changeOrderStatusSchema,
  deskOrderParams,
  deskOrderSchema,
  ORDER_DESK_MESSAGES as M,
  messageCustomerSchema,
  orderNoteSchema,
  orderQueueQuery,
  queuedOrderSchema,
  requestDocumentSchema,
} from '../../../domain/admin/orders.ts';
import { adminRefundSchema, deskRefundSchema, ADMIN_REFUND_MESSAGES as REFUND } from '../../../domain/admin/refunds.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import {
  DOCUMENT_REQUEST_MESSAGES,
  documentSchema,
  STORED_FILE_TYPES,
} from '../../../domain/applications/documents.ts';
import { FEES_PAID_MESSAGES, feesPaidRecordSchema, feesPaidSchema } from '../../../domain/applications/fees-paid.ts';
import { DOCUMENT_REQUEST_WITHDRAWAL } from '../../../domain/applications/other-documents.ts';
import {
  confirmedPostingAddressSchema,
  POSTING_ADDRESS_MESSAGES,
  postingAddressSchema,
} from '../../../domain/applications/posting-address.ts';
import { statusChangeSchema } from '../../../domain/orders/status.ts';
import { DOCUMENT_UPLOAD } from '../../../domain/uploads/file-types.ts';
import { PORTAL_PDF_LIMITS, portalPdfRange } from '../../../domain/uploads/portal-pdf.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';
import { registerUploadParsing, serveFile, serveMadeFile, storedPortalPdf } from '../../uploads/index.ts';
import { printPackResponse } from '../applications/service.ts';

const documentParams = deskOrderParams.extend({ documentId: idParams.shape.id });
const requestParams = deskOrderParams.extend({ requestId: idParams.shape.id });
const memberParams = deskOrderParams.extend({ memberId: idParams.shape.id });
const photoParams = deskOrderParams.extend({ itemId: idParams.shape.id, photoId: idParams.shape.id });

const fileResponse = {
  description: 'The file, with Content-Disposition, Cache-Control: private, no-store and a sandboxing CSP',
  content: Object.fromEntries(
    STORED_FILE_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

/** Each portal's sizes, as the route's summary states them (decision 0189). */
const PORTAL_SIZES = {
  oci: portalPdfRange(PORTAL_PDF_LIMITS.oci),
  eVisa: portalPdfRange(PORTAL_PDF_LIMITS.eVisa),
};

/** The Portal PDF: always a PDF, whatever the document's stored type. */
const portalPdfResponse = {
  description:
    'The one-page PDF the order’s portal takes, with Content-Disposition, Cache-Control: private, no-store and a sandboxing CSP',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

const uploadForm = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The one file: JPEG, PNG, HEIC or PDF' }) })
  .nullish();

const sendQuery = z.object({
  memberId: idParams.shape.id.optional().describe("The member the document is for; absent for the whole order's"),
});

/**
 * The back office's orders (issue 13 items 1 and 2, decision 0068), staff and admins only: the
 * queue, one order, and the actions on it. SPEC.md §7 `/admin-order/documents/` is
 * `POST /admin/orders/{ref}/documents`.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminOrders } = app.services;
  const tags = ['admin'];

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Every order (DOC-… and PHO-…): filter by status, service and dates, search, sort, page; with SLA',
        querystring: orderQueueQuery,
        response: { 200: listEnvelopeSchema(queuedOrderSchema) },
      },
    },
    async (request) => ok(await adminOrders.list(request.query), M.listLoaded),
  );

  app.get(
    '/admin/orders/:ref',
    {
      schema: {
        tags,
        summary: 'One order as staff work it: customer, members, answers, documents, checklist or photos, notes',
        params: deskOrderParams,
        response: { 200: envelopeSchema(deskOrderSchema) },
      },
    },
    async (request) => {
      const order = await adminOrders.get(request.params.ref);
      if (!order) throw new HttpError(404, M.notFound);
      return ok(order, M.loaded);
    },
  );

  app.post(
    '/admin/orders/:ref/status',
    {
      schema: {
        tags,
        summary: 'Move the order along the transition table (as staff) with a remark; the customer is told',
        params: deskOrderParams,
        body: changeOrderStatusSchema,
        response: { 200: envelopeSchema(statusChangeSchema) },
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await adminOrders.changeStatus(auditActor(request), request.params.ref, request.body)),
        M.statusChanged,
      ),
  );

  app.post(
    '/admin/orders/:ref/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note (staff only; the customer never sees it)',
        params: deskOrderParams,
        body: addOrderNoteSchema,
        response: { 201: envelopeSchema(orderNoteSchema) },
      },
    },
    async (request, reply) => {
      const note = valueOrThrow(await adminOrders.addNote(auditActor(request), request.params.ref, request.body));
      return reply.status(201).send(ok(note, M.noteAdded, 201));
    },
  );

  app.post(
    '/admin/orders/:ref/messages',
    {
      schema: {
        tags,
        summary:
          'Send the customer a message about their order without changing its status (e-mail and notification; kept among the notes)',
        params: deskOrderParams,
        body: messageCustomerSchema,
        response: { 201: envelopeSchema(orderNoteSchema) },
      },
    },
    async (request, reply) => {
      const note = valueOrThrow(
        await adminOrders.messageCustomer(auditActor(request), request.params.ref, request.body),
      );
      return reply.status(201).send(ok(note, M.messageSent, 201));
    },
  );

  app.post(
    '/admin/orders/:ref/document-requests',
    {
      schema: {
        tags,
        summary:
          "Ask the customer for a member's checklist item again (`itemId`), or for a document outside the checklist named in `otherDocument.label` (the member's checklist gains it, required), with a note their checklist shows (In review goes back to Forms incomplete)",
        params: deskOrderParams,
        body: requestDocumentSchema,
        response: { 201: envelopeSchema(z.object({ itemLabel: z.string(), status: z.string() })) },
      },
    },
    async (request, reply) => {
      const result = valueOrThrow(
        await adminOrders.requestDocument(auditActor(request), request.params.ref, request.body),
      );
      return reply.status(201).send(ok(result, DOCUMENT_REQUEST_MESSAGES.requested, 201));
    },
  );

  app.post(
    '/admin/orders/:ref/document-requests/:requestId/withdraw',
    {
      schema: {
        tags,
        summary:
          "Withdraw a request for a document outside the checklist (decision 0188): every request still standing for that member's item is marked withdrawn (kept, with who and when), the item leaves the customer's checklist, their order page's list of what is left and the completeness rule (Forms incomplete moves on to Order pending when nothing else is missing), and the customer is told in their panel and by e-mail. 404 a request not of this order; 409 a checklist item's request, one withdrawn already, an order not In review or Forms incomplete, or a file of the customer's in for the item (the document stays)",
        params: requestParams,
        response: {
          200: envelopeSchema(z.object({ itemLabel: z.string(), status: z.string() })),
          ...refusals(404, 409),
        },
      },
    },
    async (request) => {
      const { ref, requestId } = request.params;
      return ok(
        valueOrThrow(await adminOrders.withdrawDocumentRequest(auditActor(request), ref, requestId)),
        DOCUMENT_REQUEST_WITHDRAWAL.withdrawn,
      );
    },
  );

  app.post(
    '/admin/orders/:ref/refunds',
    {
      schema: {
        tags,
        summary:
          "Refund amountCents of a paid order for the customer, with the reason they read (decision 0187): a refund request opened as staff's and approved at once through the order's payment provider, at most what is left to refund. The same idempotencyKey again answers the refund it made with 200. 409 over what is left, an unpaid or cancelled order, or a request still waiting; 502 the provider did not answer, or refused: then errors.refundRequest and errors.refundRequestId name the request it reopened on the refunds desk",
        params: deskOrderParams,
        body: deskRefundSchema,
        response: {
          200: envelopeSchema(adminRefundSchema),
          201: envelopeSchema(adminRefundSchema),
          ...refusals(404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { refund, created } = valueOrThrow(
        await adminOrders.startRefund(auditActor(request), request.params.ref, request.body),
      );
      const message = REFUND.refunded({ amountCents: refund.approvedCents ?? 0, currency: refund.currency });
      const status = created ? 201 : 200;
      return reply.status(status).send(ok(refund, message, status));
    },
  );

  app.put(
    '/admin/orders/:ref/posting-address',
    {
      schema: {
        tags,
        summary:
          'Confirm where the customer posts a mission’s file (not the e-Visa’s, filed online): the print pack’s label prints it, the order page shows it and the customer is e-mailed it (a change as a correction); the same address again changes and sends nothing. 409 for a photo order or an e-Visa, before payment, or when the order’s mission is no longer the one the form was filled for',
        params: deskOrderParams,
        body: postingAddressSchema,
        response: { 200: envelopeSchema(confirmedPostingAddressSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const { address, changed } = valueOrThrow(
        await adminOrders.confirmPostingAddress(auditActor(request), request.params.ref, request.body),
      );
      return ok(address, changed ? POSTING_ADDRESS_MESSAGES.confirmed : POSTING_ADDRESS_MESSAGES.unchanged);
    },
  );

  app.put(
    '/admin/orders/:ref/fees-paid',
    {
      schema: {
        tags,
        summary:
          'Record the fees our team paid at the centre for a mission’s file (the government fee, the ICWF and the centre’s service fee the price carries), with the centre’s reference: Submitted waits for it, since the refund policy keeps those fees from then on. The customer is not e-mailed; the same reference again changes nothing. 409 for a photo order or an e-Visa, an order whose price carries no such fees, or before payment',
        params: deskOrderParams,
        body: feesPaidSchema,
        response: { 200: envelopeSchema(feesPaidRecordSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const { record, changed } = valueOrThrow(
        await adminOrders.recordFeesPaid(auditActor(request), request.params.ref, request.body),
      );
      return ok(record, changed ? FEES_PAID_MESSAGES.recorded : FEES_PAID_MESSAGES.unchanged);
    },
  );

  for (const [action, disposition] of [
    ['download', 'attachment'],
    ['preview', 'inline'],
  ] as const) {
    app.get(
      `/admin/orders/:ref/documents/:documentId/${action}`,
      {
        schema: {
          tags,
          summary: disposition === 'inline' ? 'Show a document of the order' : 'Download a document of the order',
          params: documentParams,
          response: { 200: fileResponse },
        },
      },
      async (request, reply) => {
        const file = valueOrThrow(await adminOrders.openDocument(request.params.ref, request.params.documentId));
        return serveFile(reply, app.storage, file, { disposition });
      },
    );
  }

  app.get(
    '/admin/orders/:ref/documents/:documentId/portal-pdf',
    {
      schema: {
        tags,
        summary: `Download a document as the order’s portal takes it (decisions 0185-portal-pdf, 0189): an image as a one-page A4 PDF within the portal’s sizes, a PDF as it is when within them; the e-Visa’s ${PORTAL_SIZES.eVisa}, every other service’s the OCI portal’s ${PORTAL_SIZES.oci}. 409 for a PDF outside them, 422 for an image that cannot be made to fit`,
        params: documentParams,
        response: { 200: portalPdfResponse, ...refusals(409, 422) },
      },
    },
    async (request, reply) => {
      const { ref, documentId } = request.params;
      const { file, limits } = valueOrThrow(await adminOrders.openDocumentForPortal(ref, documentId));
      const pdf = valueOrThrow(await storedPortalPdf(app.storage, file, limits));
      return serveMadeFile(reply, { body: pdf, contentType: 'application/pdf', displayName: file.displayName });
    },
  );

  for (const which of ['original', 'fitted'] as const) {
    app.get(
      `/admin/orders/:ref/items/:itemId/photos/:photoId/${which}`,
      {
        schema: {
          tags,
          summary:
            which === 'original'
              ? 'Download a photo order’s photo as uploaded'
              : 'Download the fitted photo (409 until fitted)',
          params: photoParams,
          response: { 200: fileResponse, ...refusals(409) },
        },
      },
      async (request, reply) => {
        const { ref, itemId, photoId } = request.params;
        return serveFile(reply, app.storage, valueOrThrow(await adminOrders.openPhoto(ref, itemId, photoId, which)));
      },
    );
  }

  app.get(
    '/admin/orders/:ref/items/:itemId/photos/:photoId/print-sheet',
    {
      schema: {
        tags,
        summary: 'Download the fitted photo’s 4×6 in print sheet',
        params: photoParams,
        response: { 200: fileResponse, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const { ref, itemId, photoId } = request.params;
      return serveMadeFile(reply, valueOrThrow(await adminOrders.photoPrintSheet(ref, itemId, photoId)));
    },
  );

  app.get(
    '/admin/orders/:ref/members/:memberId/print-pack',
    {
      schema: {
        tags,
        summary: 'Download a member’s print pack (PDF), as the customer gets it; 409 before payment',
        params: memberParams,
        response: { 200: printPackResponse, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const { ref, memberId } = request.params;
      return serveMadeFile(reply, valueOrThrow(await adminOrders.memberPrintPack(ref, memberId)));
    },
  );

  // Only the upload route reads multipart bodies.
  const uploadRoutes: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      '/admin/orders/:ref/documents',
      {
        schema: {
          tags,
          summary:
            'Send a document back to the customer (SPEC.md §7 /admin-order/documents/; multipart/form-data, one file)',
          consumes: ['multipart/form-data'],
          params: deskOrderParams,
          querystring: sendQuery,
          body: uploadForm,
          response: { 201: envelopeSchema(documentSchema) },
        },
      },
      async (request, reply) => {
        const document = valueOrThrow(
          await adminOrders.sendDocument(
            auditActor(request),
            request.params.ref,
            (itemLimits) => app.uploads.acceptUpload(request, { itemLimits }),
            { memberId: request.query.memberId ?? null },
            DOCUMENT_UPLOAD,
          ),
        );
        return reply.status(201).send(ok(document, M.documentSent, 201));
      },
    );
  };
  await app.register(uploadRoutes);
};
