import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerSchema,
  adminOfferSchema,
  adminPartnerSchema,
  bannerEditSchema,
  bannerFormSchema,
  type ContentToggle,
  contentToggleSchema,
  CONTENT_MESSAGES as M,
  offerEditSchema,
  offerFormSchema,
  PARTNER_MESSAGES,
  partnerEditSchema,
  partnerFormSchema,
} from '../../../domain/admin/content.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { contentImageRoutes } from '../../http/content-image-route.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';
import type { StaffActor } from '../audit/service.ts';
import type { AdminResult } from './admin.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const resultValue = <T>(result: AdminResult<T>): T => {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
};

/** One list of home page content an admin keeps (offers, banners, partner services): its API and service calls. */
interface ContentListRoutes<T, Input, Edit> {
  /** `/admin/offers`: GET lists, POST adds; `/admin/offers/:id` takes PUT, PATCH and DELETE. */
  url: string;
  record: z.ZodType<T>;
  form: z.ZodType<Input>;
  /** The form with the `updatedAt` the edit was made from. */
  editForm: z.ZodType<Edit>;
  /** The summaries' words: `an offer` (Change an offer), `offer` (Every offer, in display order). */
  one: string;
  kind: string;
  /** The POST summary, when adding says more than `Add ${one}`. */
  addSummary?: string;
  list: () => Promise<T[]>;
  create: (actor: StaffActor, input: Input) => Promise<T>;
  edit: (actor: StaffActor, id: number, input: Edit) => Promise<AdminResult<T>>;
  toggle: (actor: StaffActor, id: number, patch: ContentToggle) => Promise<AdminResult<T>>;
  remove: (actor: StaffActor, id: number) => Promise<AdminResult<null>>;
}

/** A content list's five admin routes: list, add, change, show/hide or move, delete. */
function registerContentListRoutes<T, Input, Edit>(app: ZodApp, list: ContentListRoutes<T, Input, Edit>) {
  const tags = ['admin'];
  const one = envelopeSchema(list.record);
  // The form schemas have checked the body; the type provider only loses that through the generic.
  const inputOf = (request: { body: unknown }) => request.body as Input;
  const editOf = (request: { body: unknown }) => request.body as Edit;

  app.get(
    list.url,
    {
      schema: {
        tags,
        summary: `Every ${list.kind}, in display order`,
        response: { 200: envelopeSchema(z.array(list.record)) },
      },
    },
    async () => ok(await list.list()),
  );
  app.post(
    list.url,
    {
      schema: { tags, summary: list.addSummary ?? `Add ${list.one}`, body: list.form, response: { 201: one } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await list.create(auditActor(request), inputOf(request)), M.created, 201)),
  );
  app.put(
    `${list.url}/:id`,
    {
      // 409: the record has changed since `updatedAt` (or, for a banner, would show without an image).
      schema: {
        tags,
        summary: `Change ${list.one}`,
        params: idParams,
        body: list.editForm,
        response: { 200: one, ...refusals(409) },
      },
    },
    async (request) =>
      ok(resultValue(await list.edit(auditActor(request), request.params.id, editOf(request))), M.saved),
  );
  app.patch(
    `${list.url}/:id`,
    {
      schema: {
        tags,
        summary: `Show or hide ${list.one}, or move it`,
        params: idParams,
        body: contentToggleSchema,
        response: { 200: one },
      },
    },
    async (request) =>
      ok(resultValue(await list.toggle(auditActor(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    `${list.url}/:id`,
    {
      schema: {
        tags,
        summary: `Delete ${list.one}`,
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(resultValue(await list.remove(auditActor(request), request.params.id)), M.deleted),
  );
}

/**
 * The back office's offers, banners (issue 13 item 5, decision 0072) and partner services
 * (decision 0075), for admins: list, create, edit, show/hide and move, delete, and their images.
 */
export const adminMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marketing } = app.services;
  registerContentListRoutes(app, {
    url: '/admin/offers',
    record: adminOfferSchema,
    form: offerFormSchema,
    editForm: offerEditSchema,
    one: 'an offer',
    kind: 'offer',
    list: marketing.adminListOffers,
    create: marketing.createOffer,
    edit: marketing.editOffer,
    toggle: marketing.toggleOffer,
    remove: marketing.deleteOffer,
  });
  registerContentListRoutes(app, {
    url: '/admin/banners',
    record: adminBannerSchema,
    form: bannerFormSchema,
    editForm: bannerEditSchema,
    one: 'a banner',
    kind: 'banner',
    addSummary: 'Add a banner (hidden until its image is uploaded)',
    list: marketing.adminListBanners,
    create: marketing.createBanner,
    edit: marketing.editBanner,
    toggle: marketing.toggleBanner,
    remove: marketing.deleteBanner,
  });
  registerContentListRoutes(app, {
    url: '/admin/partners',
    record: adminPartnerSchema,
    form: partnerFormSchema,
    editForm: partnerEditSchema,
    one: 'a partner service',
    kind: 'partner service',
    list: marketing.adminListPartners,
    create: marketing.createPartner,
    edit: marketing.editPartner,
    toggle: marketing.togglePartner,
    remove: marketing.deletePartner,
  });

  await app.register(
    contentImageRoutes([
      {
        url: '/admin/banners/:id/image',
        summary: "Upload the banner's image",
        record: adminBannerSchema,
        missing: M.bannerNotFound,
        exists: async (id) => Boolean(await marketing.adminGetBanner(id)),
        save: marketing.setBannerImage,
      },
      {
        url: '/admin/partners/:id/logo',
        summary: "Upload the partner service's logo",
        record: adminPartnerSchema,
        missing: PARTNER_MESSAGES.notFound,
        exists: async (id) => Boolean(await marketing.adminGetPartner(id)),
        save: marketing.setPartnerLogo,
      },
    ]),
  );
};
