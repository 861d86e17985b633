import { z } from 'zod';
import { CONTENT_BLOCK_KINDS } from '../content/schemas.ts';
import { IMAGE_UPLOAD_TYPES, MEGABYTE, type UploadRule } from '../uploads/file-types.ts';

/**
 * The back office's marketing content (issue 13 item 5, decision 0072): offers and banners, their
 * order and whether they show. Shared by the `/api/v1/admin/…` endpoints and the admin pages' forms.
 */

export const CONTENT_MESSAGES = {
  offerNotFound: 'Offer not found',
  bannerNotFound: 'Banner not found',
  titleRequired: 'Enter the title',
  titleTooLong: 'The title should not exceed 120 characters',
  descriptionRequired: 'Enter the description',
  descriptionTooLong: 'The description should not exceed 500 characters',
  altTextRequired: 'Describe the image for people who cannot see it',
  altTextTooLong: 'The description should not exceed 200 characters',
  buttonTextTooLong: 'The button text should not exceed 40 characters',
  linkInvalid: 'Enter a link starting with https:// or /',
  buttonNeedsLink: 'A button needs a link',
  positionInvalid: 'Enter a whole number from 0 to 9999',
  dateInvalid: 'Enter a valid date and time',
  endBeforeStart: 'The end must be after the start',
  bannerNeedsImage: 'Upload the banner image before showing it',
  created: 'Created',
  saved: 'Saved',
  deleted: 'Deleted',
  imageSaved: 'Image saved',
} as const;
const M = CONTENT_MESSAGES;

/**
 * Every content edit (PUT) carries the `updatedAt` of the copy it was made from; when the record has
 * changed since, the edit is refused (409) rather than silently undoing the other change, like the
 * order desk's `fromStatus` and the form builder's stale draft.
 */
export const EDIT_MESSAGES = {
  stale: 'Someone else changed this meanwhile. Reload to see their change, then make yours again.',
  loadedAtRequired: 'Send the updatedAt of the copy you changed',
} as const;

/** The edit's `updatedAt`: the record's, as the editor loaded it. */
const loadedVersion = { updatedAt: z.iso.datetime({ offset: true, error: EDIT_MESSAGES.loadedAtRequired }) };

const isActiveSchema = z.boolean({ error: 'isActive must be true or false' });

/**
 * The edit's fields it sent: the ones it left out (undefined) then keep the stored values they are
 * spread over (`{ ...fieldsOf(row), ...sentFields(edit) }`).
 */
export function sentFields<T extends object>(edit: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Banner images, partner logos and team photos: JPEG, PNG or HEIC (stored as JPEG), re-encoded, up to 5 MB. */
export const CONTENT_IMAGE_UPLOAD: UploadRule = { types: IMAGE_UPLOAD_TYPES, maxBytes: 5 * MEGABYTE, minSidePx: 100 };

/** Where uploaded content images are served from, under the media base (`/media/uploads/ab/ab….jpg`). */
export const UPLOADED_MEDIA_PREFIX = 'uploads/';

/** A record's place in its list ("Order"): lower shows first. Shared with the catalog's steps, timelines and FAQs. */
export const positionSchema = z
  .number({ error: M.positionInvalid })
  .int(M.positionInvalid)
  .min(0, M.positionInvalid)
  .max(9999, M.positionInvalid);

/** A link a visitor may follow: https, or a path on this site (never javascript:, data: or http:). */
const link = z
  .string()
  .trim()
  .max(500, M.linkInvalid)
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value) || /^\/(?!\/)[^\s]*$/.test(value), M.linkInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable();

const when = z.iso
  .datetime({ offset: true, error: M.dateInvalid })
  .nullable()
  .or(z.literal('').transform(() => null));

const offerFields = {
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(120, M.titleTooLong),
  description: z
    .string({ error: M.descriptionRequired })
    .trim()
    .min(1, M.descriptionRequired)
    .max(500, M.descriptionTooLong),
  isActive: isActiveSchema.default(true),
  position: positionSchema.default(0),
  startsAt: when.default(null),
  endsAt: when.default(null),
};

/**
 * A new record not sent `isActive` or `position` gets a default (shown or hidden, first in its
 * list); an edit does not: one that leaves them out keeps the stored values (decision 0174's
 * "Left": an edit without `isActive` showed a hidden offer or partner again).
 */
const keptUnlessSent = { isActive: isActiveSchema.optional(), position: positionSchema.optional() };

const offerWindow = (offer: { startsAt?: string | null; endsAt?: string | null }) =>
  !offer.startsAt || !offer.endsAt || Date.parse(offer.endsAt) > Date.parse(offer.startsAt);
const endAfterStart = { message: M.endBeforeStart, path: ['endsAt'] };

/** POST /admin/offers: the whole offer. */
export const offerFormSchema = z.object(offerFields).refine(offerWindow, endAfterStart);
export type OfferForm = z.input<typeof offerFormSchema>;
export type OfferInput = z.output<typeof offerFormSchema>;
/** PUT /admin/offers/{id}: the offer, with `updatedAt`; `isActive` and `position` left out stay as stored. */
export const offerEditSchema = z
  .object({ ...offerFields, ...keptUnlessSent, ...loadedVersion })
  .refine(offerWindow, endAfterStart);
export type OfferEdit = z.output<typeof offerEditSchema>;

/** PATCH /admin/offers/{id} and /admin/banners/{id}: show or hide, move. */
export const contentToggleSchema = z
  .object({ isActive: z.boolean().optional(), position: positionSchema.optional() })
  .refine((patch) => patch.isActive !== undefined || patch.position !== undefined, {
    message: 'Send isActive or position',
  });
export type ContentToggle = z.infer<typeof contentToggleSchema>;

export const adminOfferSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  position: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

const bannerFields = {
  altText: z.string({ error: M.altTextRequired }).trim().min(1, M.altTextRequired).max(200, M.altTextTooLong),
  link: link.default(null),
  buttonText: z
    .string()
    .trim()
    .max(40, M.buttonTextTooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  isActive: isActiveSchema.default(false),
  position: positionSchema.default(0),
};
const buttonHasLink = (banner: { link: string | null; buttonText: string | null }) => !banner.buttonText || banner.link;
const buttonNeedsLink = { message: M.buttonNeedsLink, path: ['link'] };

/** POST /admin/banners; the image is uploaded on its own. */
export const bannerFormSchema = z.object(bannerFields).refine(buttonHasLink, buttonNeedsLink);
export type BannerForm = z.input<typeof bannerFormSchema>;
export type BannerInput = z.output<typeof bannerFormSchema>;
/** PUT /admin/banners/{id}: with `updatedAt`; `isActive` and `position` left out stay as stored. */
export const bannerEditSchema = z
  .object({ ...bannerFields, ...keptUnlessSent, ...loadedVersion })
  .refine(buttonHasLink, buttonNeedsLink);
export type BannerEdit = z.output<typeof bannerEditSchema>;

export const adminBannerSchema = z.object({
  id: z.number(),
  /** A path under the media base ('' until an image is uploaded). */
  bannerImage: z.string(),
  altText: z.string(),
  link: z.string().nullable(),
  buttonText: z.string().nullable(),
  isActive: z.boolean(),
  position: z.number(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/**
 * The fields of `after` that differ from `before`, each side holding only those (the audit log's
 * before → after). Dates compare by value.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    const a = before[key];
    const b = after[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) {
      was[key] = a;
      now[key] = b;
    }
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}

export const ARTICLE_MESSAGES = {
  notFound: 'Article not found',
  slugInvalid: 'Use lower-case letters, digits and hyphens (e.g. oci-renewal-guide)',
  slugTaken: 'Another article already uses this address',
  summaryRequired: 'Enter the summary',
  summaryTooLong: 'The summary should not exceed 300 characters',
  bodyRequired: 'Write the article',
  bodyTooLong: 'The article should not exceed 100,000 characters',
  authorRequired: 'Enter the author',
} as const;

/**
 * POST /admin/articles (and, with `updatedAt`, PUT /admin/articles/{id}). The body is Markdown: it is stored as written
 * and rendered through the site's Markdown renderer (which drops raw HTML) when read.
 */
export const articleFormSchema = z.object({
  slug: z
    .string({ error: ARTICLE_MESSAGES.slugInvalid })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, ARTICLE_MESSAGES.slugInvalid)
    .max(120, ARTICLE_MESSAGES.slugInvalid),
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(120, M.titleTooLong),
  summary: z
    .string({ error: ARTICLE_MESSAGES.summaryRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.summaryRequired)
    .max(300, ARTICLE_MESSAGES.summaryTooLong),
  body: z
    .string({ error: ARTICLE_MESSAGES.bodyRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.bodyRequired)
    .max(100_000, ARTICLE_MESSAGES.bodyTooLong),
  author: z
    .string({ error: ARTICLE_MESSAGES.authorRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.authorRequired)
    .max(120, ARTICLE_MESSAGES.authorRequired),
  isPublished: z.boolean().default(true),
});
export type ArticleForm = z.input<typeof articleFormSchema>;
export type ArticleInput = z.output<typeof articleFormSchema>;

const isPublished = z.boolean({ error: 'isPublished must be true or false' });

/** PUT /admin/articles/{id}: an edit says whether the article shows, so a stale default cannot re-publish it. */
export const articleEditSchema = articleFormSchema.extend({ isPublished, ...loadedVersion });
export type ArticleEdit = z.output<typeof articleEditSchema>;

/** PATCH /admin/articles/{id}: publish or withdraw. */
export const articlePublishSchema = z.object({ isPublished });

export const adminArticleSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  author: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const TERM_MESSAGES = {
  termNotFound: 'Policy not found',
  sectionNotFound: 'Section not found',
  nameRequired: 'Enter the section heading',
  nameTooLong: 'The heading should not exceed 200 characters',
  descriptionRequired: 'Write the section',
  descriptionTooLong: 'The section should not exceed 20,000 characters',
} as const;

/**
 * POST /admin/terms/{termId}/sections and PUT /admin/term-sections/{id}: a numbered section of a
 * policy (Terms of Use, Privacy Policy and Cookies); its text is Markdown, rendered and escaped on read.
 */
export const termSectionFormSchema = z.object({
  name: z
    .string({ error: TERM_MESSAGES.nameRequired })
    .trim()
    .min(1, TERM_MESSAGES.nameRequired)
    .max(200, TERM_MESSAGES.nameTooLong),
  description: z
    .string({ error: TERM_MESSAGES.descriptionRequired })
    .trim()
    .min(1, TERM_MESSAGES.descriptionRequired)
    .max(20_000, TERM_MESSAGES.descriptionTooLong),
  position: positionSchema.default(0),
});
export type TermSectionInput = z.output<typeof termSectionFormSchema>;
/** PUT /admin/term-sections/{id}: with `updatedAt`; a `position` left out stays as stored. */
export const termSectionEditSchema = termSectionFormSchema.extend({
  position: keptUnlessSent.position,
  ...loadedVersion,
});
export type TermSectionEdit = z.output<typeof termSectionEditSchema>;

export const adminTermSectionSchema = z.object({
  id: z.number(),
  termId: z.number(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  updatedAt: z.string(),
});
export type AdminTermSection = z.infer<typeof adminTermSectionSchema>;

/** A policy term and its live sections in order, with their positions (the admin page). */
export interface AdminTerm {
  id: number;
  name: string;
  sections: AdminTermSection[];
}

export const PARTNER_MESSAGES = {
  notFound: 'Partner service not found',
  nameRequired: 'Enter the name',
  nameTooLong: 'The name should not exceed 120 characters',
} as const;

const name = z
  .string({ error: PARTNER_MESSAGES.nameRequired })
  .trim()
  .min(1, PARTNER_MESSAGES.nameRequired)
  .max(120, PARTNER_MESSAGES.nameTooLong);

/**
 * POST /admin/partners and PUT /admin/partners/{id}: a partner service on the home page. Its link
 * opens the partner's site; the logo is uploaded on its own.
 */
export const partnerFormSchema = z.object({
  name,
  description: offerFields.description,
  link: link.default(null),
  isActive: isActiveSchema.default(true),
  position: positionSchema.default(0),
});
export type PartnerForm = z.input<typeof partnerFormSchema>;
export type PartnerInput = z.output<typeof partnerFormSchema>;
/** PUT /admin/partners/{id}: with `updatedAt`; `isActive` and `position` left out stay as stored. */
export const partnerEditSchema = partnerFormSchema.extend({ ...keptUnlessSent, ...loadedVersion });
export type PartnerEdit = z.output<typeof partnerEditSchema>;

export const adminPartnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** A path under the media base, or null (the home page then shows the initials). */
  logo: z.string().nullable(),
  link: z.string().nullable(),
  isActive: z.boolean(),
  position: z.number(),
  updatedAt: z.string(),
});
export type AdminPartner = z.infer<typeof adminPartnerSchema>;

export const TEAM_MESSAGES = {
  notFound: 'Team member not found',
  jobRequired: 'Enter the role and a few words about them',
  jobTooLong: 'The description should not exceed 1,000 characters',
} as const;

/**
 * POST /admin/team-members and PUT /admin/team-members/{id}: SPEC.md §3 Team member (name,
 * jobDescription, optional image uploaded on its own). The About page shows the job description's
 * first sentence as the role and the rest as the bio.
 */
export const teamMemberFormSchema = z.object({
  name,
  jobDescription: z
    .string({ error: TEAM_MESSAGES.jobRequired })
    .trim()
    .min(1, TEAM_MESSAGES.jobRequired)
    .max(1000, TEAM_MESSAGES.jobTooLong),
  position: positionSchema.default(0),
});
export type TeamMemberForm = z.input<typeof teamMemberFormSchema>;
export type TeamMemberInput = z.output<typeof teamMemberFormSchema>;
/** PUT /admin/team-members/{id}: with `updatedAt`; a `position` left out stays as stored. */
export const teamMemberEditSchema = teamMemberFormSchema.extend({
  position: keptUnlessSent.position,
  ...loadedVersion,
});
export type TeamMemberEdit = z.output<typeof teamMemberEditSchema>;

/** PATCH /admin/team-members/{id}: move (team members are always shown). */
export const positionPatchSchema = z.object({ position: positionSchema });

export const adminTeamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  jobDescription: z.string(),
  /** A path under the media base, or null (the About page then shows the initials). */
  image: z.string().nullable(),
  position: z.number(),
  updatedAt: z.string(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;

export const ABOUT_MESSAGES = {
  notFound: 'About page block not found',
  textRequired: 'Write the text',
  textTooLong: 'The text should not exceed 5,000 characters',
} as const;

/**
 * PUT /admin/about-blocks/{id}: the text of an About page block (Our Story, Our Vision, a What
 * Defines Us value). Paragraphs are separated by a blank line; a `position` left out stays as stored.
 */
export const aboutBlockFormSchema = z.object({
  title: offerFields.title,
  description: z
    .string({ error: ABOUT_MESSAGES.textRequired })
    .trim()
    .min(1, ABOUT_MESSAGES.textRequired)
    .max(5000, ABOUT_MESSAGES.textTooLong),
  position: keptUnlessSent.position,
  ...loadedVersion,
});
export type AboutBlockInput = z.output<typeof aboutBlockFormSchema>;

export const adminAboutBlockSchema = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_BLOCK_KINDS),
  title: z.string(),
  description: z.string(),
  position: z.number(),
  updatedAt: z.string(),
});
export type AdminAboutBlock = z.infer<typeof adminAboutBlockSchema>;
