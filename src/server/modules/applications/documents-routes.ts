import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { orderRefParams, parseOrderRef } from '../../../domain/applications/application.ts';
import { DOCUMENT_MAX_PAGES, DOCUMENT_PAGE_MESSAGES as PG } from '../../../domain/applications/document-pages.ts';
import {
  checklistItemIdSchema,
  DOCUMENT_MESSAGES as D,
  DOCUMENT_DIRECTIONS,
  documentSchema,
  documentUploadedSchema,
  memberChecklistSchema,
  orderChecklistSchema,
  reuseDocumentSchema,
  STORED_FILE_TYPES,
} from '../../../domain/applications/documents.ts';
import {
  PROOF_OF_ADDRESS_MESSAGES as P,
  PROOF_OF_ADDRESS_ITEM,
  proofPostalCodeBody,
} from '../../../domain/jurisdiction/proof-of-address.ts';
import { THUMBNAIL_MAX_SIDE_PX, THUMBNAIL_SIZES } from '../../../domain/uploads/thumbnail.ts';
import { refusals } from '../../http/error-responses.ts';
import { idParams } from '../../http/id-params.ts';
import { perSignedInUser } from '../../http/rate-limits.ts';
import { registerUploadParsing, serveFile, serveThumbnail } from '../../uploads/index.ts';
import { customer, memberParams, valueOrThrow } from './route-helpers.ts';

/**
 * Uploads per signed-in customer: a family of ten has about 150 checklist items, and each upload
 * costs a re-encode or a PDF parse (seconds for a large HEIC). Counted before the body is read, so
 * refused uploads count too.
 */
export const DOCUMENT_UPLOAD_RATE_LIMIT = { max: 100, timeWindow: '10 minutes' } as const;

const documentParams = orderRefParams.extend({ documentId: idParams.shape.id });
const itemParams = memberParams.extend({ itemId: checklistItemIdSchema });
const PAGE_PARAM_MESSAGE = `page must be a whole number from 1 to ${DOCUMENT_MAX_PAGES}`;
const pageParams = documentParams.extend({
  page: z
    .string()
    .regex(/^[1-9]\d?$/, PAGE_PARAM_MESSAGE)
    .transform(Number)
    .refine((n) => n <= DOCUMENT_MAX_PAGES, PAGE_PARAM_MESSAGE)
    .describe('The page to take out, from 1'),
});

const listQuery = paginationQuery.extend({
  direction: z
    .enum(DOCUMENT_DIRECTIONS, { error: 'direction must be from-customer or to-customer' })
    .optional()
    .describe('from-customer: the uploads for the checklists; to-customer: the documents our team sent back'),
});

/** The OpenAPI description of the upload form (the route reads it as a stream, not through a schema). */
const uploadForm = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The one file: JPEG, PNG, HEIC or PDF' }),
  })
  .nullish();

/** The OpenAPI description of a served file. */
const fileResponse = {
  description: 'The file, with Content-Disposition, Cache-Control: private, no-store and a sandboxing CSP',
  content: Object.fromEntries(
    STORED_FILE_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

const previewQuery = z.object({
  size: z
    .enum(THUMBNAIL_SIZES, { error: 'size must be thumb' })
    .optional()
    .describe(
      `thumb: for an image, a JPEG at most ${THUMBNAIL_MAX_SIDE_PX} px on its longer side, with an ETag and Cache-Control: private, no-cache (a PDF is answered whole, as without it)`,
    ),
});

/** The OpenAPI description of a previewed file, whole or as a thumbnail. */
const previewResponse = {
  ...fileResponse,
  description:
    "The file, with Content-Disposition, Cache-Control: private, no-store and a sandboxing CSP; with size=thumb, an image's thumbnail as a small JPEG with an ETag and Cache-Control: private, no-cache",
};

/**
 * The document calls of SPEC.md §7 (/order/documents/, /upload/, /user-order/documents/) under
 * /api/v1/application/order/{orderRef}/… (the mapping is in docs/decisions/0050): each member's
 * checklist, uploads, deletions, the order's documents and their files, for the signed-in owner.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { documents } = app.services;
  const tags = ['documents'];

  app.get(
    '/application/order/:orderRef/checklist',
    {
      schema: {
        tags,
        summary: "Every member's document checklist: each item required or optional, ticked when its file is in",
        params: orderRefParams,
        response: { 200: envelopeSchema(orderChecklistSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      return ok(valueOrThrow(await documents.orderChecklist(customer(request).id, ref)), D.checklistLoaded);
    },
  );

  app.get(
    '/application/order/:orderRef/members/:memberId/checklist',
    {
      schema: {
        tags,
        summary: "One member's document checklist with the uploaded files",
        params: memberParams,
        response: { 200: envelopeSchema(memberChecklistSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await documents.memberChecklist(customer(request).id, ref, memberId)), D.checklistLoaded);
    },
  );

  app.get(
    '/application/order/:orderRef/documents',
    {
      schema: {
        tags,
        summary: "The order's documents, oldest first: the customer's uploads and the documents our team sent back",
        params: orderRefParams,
        querystring: listQuery,
        response: { 200: listEnvelopeSchema(documentSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      return ok(valueOrThrow(await documents.list(customer(request).id, ref, request.query)), D.listLoaded);
    },
  );

  app.delete(
    '/application/order/:orderRef/documents/:documentId',
    {
      schema: {
        tags,
        summary:
          "Delete one of the customer's uploads (while the application is incomplete); answers the member's checklist",
        params: documentParams,
        response: { 200: envelopeSchema(memberChecklistSchema.nullable()) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { documentId } = request.params;
      return ok(valueOrThrow(await documents.remove(customer(request).id, ref, documentId)), D.removed);
    },
  );

  app.delete(
    '/application/order/:orderRef/documents/:documentId/pages/:page',
    {
      // Counted with uploads: each removal opens the file's PDF and writes a new one.
      config: { rateLimit: perSignedInUser(DOCUMENT_UPLOAD_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          "Take one page (from 1) out of a file whose pages were added here; the PDF of the other pages replaces it. 409 for a file whose pages were not added here (the customer's own PDF, a photo) or its only page; 404 for a page it does not have.",
        params: pageParams,
        response: { 200: envelopeSchema(documentUploadedSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { documentId, page } = request.params;
      const { replaced: _, ...left } = valueOrThrow(
        await documents.removePage(customer(request).id, ref, documentId, page),
      );
      return ok(left, PG.removed);
    },
  );

  app.get(
    '/application/order/:orderRef/documents/:documentId/download',
    {
      schema: {
        tags,
        summary: 'Download a document under its uploaded name',
        params: documentParams,
        response: { 200: fileResponse },
      },
    },
    async (request, reply) => {
      const ref = parseOrderRef(request.params.orderRef);
      const file = valueOrThrow(await documents.openFile(customer(request).id, ref, request.params.documentId));
      return serveFile(reply, app.storage, file, { disposition: 'attachment' });
    },
  );

  app.get(
    '/application/order/:orderRef/documents/:documentId/preview',
    {
      schema: {
        tags,
        summary:
          'Show a document in the browser (an image or a PDF); `size=thumb`: the small JPEG a thumbnail shows of an image',
        params: documentParams,
        querystring: previewQuery,
        response: { 200: previewResponse },
      },
    },
    async (request, reply) => {
      const ref = parseOrderRef(request.params.orderRef);
      // The same owner's check for the thumbnail as for the file: another customer's id is the same 404.
      const file = valueOrThrow(await documents.openFile(customer(request).id, ref, request.params.documentId));
      if (request.query.size === 'thumb') return serveThumbnail(reply, app.storage, file);
      return serveFile(reply, app.storage, file, { disposition: 'inline' });
    },
  );

  app.post(
    '/application/order/:orderRef/members/:memberId/documents/:itemId/copy',
    {
      config: { rateLimit: perSignedInUser(DOCUMENT_UPLOAD_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          "Use another member's upload of this order for a checklist item (a parent's passport for a child): a copy of the file, which replaces the item's previous file",
        params: itemParams,
        body: reuseDocumentSchema,
        response: { 201: envelopeSchema(documentUploadedSchema) },
      },
    },
    async (request, reply) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId, itemId } = request.params;
      const { replaced, ...copied } = valueOrThrow(
        await documents.reuse(customer(request).id, ref, memberId, itemId, request.body.documentId),
      );
      return reply.status(201).send(ok(copied, replaced ? D.replaced : D.uploaded, 201));
    },
  );

  app.put(
    `/application/order/:orderRef/members/:memberId/documents/${PROOF_OF_ADDRESS_ITEM}/postal-code`,
    {
      // Each call looks the code up in the jurisdiction table: counted like uploads, per customer.
      config: { rateLimit: perSignedInUser(DOCUMENT_UPLOAD_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          "The ZIP or postal code printed on the member's proof of address (issue 32 §1): stored with the mission it resolves to; a proof from another mission's area than the order's holds the application back. Answers the member's checklist",
        params: memberParams,
        body: proofPostalCodeBody,
        // 409: no proof of address uploaded yet, or documents locked; 422: a code no mission is known for.
        response: { 200: envelopeSchema(memberChecklistSchema), ...refusals(409, 422) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const checklist = valueOrThrow(
        await documents.setProofPostalCode(customer(request).id, ref, request.params.memberId, request.body),
      );
      return ok(checklist, P.saved);
    },
  );

  // Only the upload route reads multipart bodies.
  const uploadRoutes: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      '/application/order/:orderRef/members/:memberId/documents/:itemId',
      {
        config: { rateLimit: perSignedInUser(DOCUMENT_UPLOAD_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            "Upload a member's file for a checklist item (multipart/form-data, one file). It replaces the item's previous file. A photo, signature or thumb impression is stored fitted to the portal's size, with SevaPhotos' checks in `report`.",
          consumes: ['multipart/form-data'],
          params: itemParams,
          body: uploadForm,
          // 422: a photo the engine cannot fit (no face, two faces), with what to do; 503: a photo could not be checked (the face model).
          response: { 201: envelopeSchema(documentUploadedSchema), ...refusals(422, 503) },
        },
      },
      async (request, reply) => {
        const ref = parseOrderRef(request.params.orderRef);
        const { memberId, itemId } = request.params;
        const { replaced, ...uploaded } = valueOrThrow(
          await documents.upload(customer(request).id, ref, memberId, itemId, (itemLimits, finishImage) =>
            app.uploads.acceptUpload(request, { itemLimits, ...(finishImage ? { finishImage } : {}) }),
          ),
        );
        return reply.status(201).send(ok(uploaded, replaced ? D.replaced : D.uploaded, 201));
      },
    );
    scope.post(
      '/application/order/:orderRef/members/:memberId/documents/:itemId/pages',
      {
        config: { rateLimit: perSignedInUser(DOCUMENT_UPLOAD_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            "Add a photo of the next page to the item's file (multipart/form-data, one image): a photo becomes a PDF of its pages, a PDF assembled here gains one; it replaces the item's file. 409 for a file that takes no page (the customer's own PDF, a fitted photo, 40 pages) or none yet.",
          consumes: ['multipart/form-data'],
          params: itemParams,
          body: uploadForm,
          response: { 201: envelopeSchema(documentUploadedSchema) },
        },
      },
      async (request, reply) => {
        const ref = parseOrderRef(request.params.orderRef);
        const { memberId, itemId } = request.params;
        const { replaced: _, ...added } = valueOrThrow(
          await documents.addPage(customer(request).id, ref, memberId, itemId, async (pageLimits) => {
            const image = await app.uploads.acceptImage(request, { itemLimits: pageLimits });
            // A page's rule takes no PDF, so its image is always there.
            if (!image) throw new Error('a page upload answered no image');
            return image;
          }),
        );
        return reply.status(201).send(ok(added, PG.added, 201));
      },
    );
  };
  await app.register(uploadRoutes);
};
