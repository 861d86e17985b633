import { z } from 'zod';

/** SPEC.md §3 Term section: id, createdAt, updatedAt, deletedAt, name, description, and its parent term. */
export const termSectionSchema = z.object({
  id: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  deletedAt: z.date().nullable(),
  name: z.string(),
  /** Markdown. */
  description: z.string(),
  termId: z.number(),
});
export type TermSection = z.infer<typeof termSectionSchema>;

/** SPEC.md §3 Policy term, with its sections in order. */
export const policyTermSchema = z.object({
  id: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  deletedAt: z.date().nullable(),
  name: z.string(),
  /** Markdown. */
  description: z.string(),
  sections: z.array(termSectionSchema),
});
export type PolicyTerm = z.infer<typeof policyTermSchema>;

/** SPEC.md §3 Team member: name, jobDescription, optional image. */
export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  jobDescription: z.string(),
  image: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const CONTENT_BLOCK_KINDS = ['story', 'vision', 'value'] as const;

/** SPEC.md §3 story, vision and value blocks: title, description, image (values also carry an icon). */
export const contentBlockSchema = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_BLOCK_KINDS),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  icon: z.string().nullable(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** GET /api/v1/about: the About page (SPEC.md §2 content screens). */
export const aboutSchema = z.object({
  story: z.array(contentBlockSchema),
  team: z.array(teamMemberSchema),
  vision: z.array(contentBlockSchema),
  values: z.array(contentBlockSchema),
});
export type AboutContent = z.infer<typeof aboutSchema>;

/** GET /api/v1/{brand}-content: one brand's page blocks. */
export const brandContentSchema = z.object({
  brand: z.string(),
  blocks: z.array(contentBlockSchema),
});
export type BrandContent = z.infer<typeof brandContentSchema>;

/** SPEC.md §3 Referral content: title, description, howItsWorksData (three strings). */
export const referralContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  howItsWorksData: z.array(z.string()),
});
export type ReferralContent = z.infer<typeof referralContentSchema>;

/** The signed-in customer's own referral code and link. */
export const referralLinkSchema = z.object({
  code: z.string(),
  link: z.string(),
});

/** GET /api/v1/refer-earn: the programme's content, plus the caller's code and link when signed in. */
export const referEarnSchema = z.object({
  content: referralContentSchema,
  friendDiscountCents: z.number(),
  giftCardCents: z.number(),
  referral: referralLinkSchema.nullable(),
});
export type ReferEarn = z.infer<typeof referEarnSchema>;

/** Article slugs: lowercase words joined by hyphens. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const articleSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string().nullable(),
  author: z.string(),
  publishedAt: z.date(),
  updatedAt: z.date(),
  readingMinutes: z.number(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Markdown as stored. */
  body: z.string(),
  /** The body rendered to HTML on the server, with raw HTML escaped and unsafe links dropped. */
  html: z.string(),
  service: z.object({ name: z.string(), slug: z.string() }).nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** The FAQ page: one group per service (in catalog order), general questions first. */
export interface FaqGroup {
  /** null for general questions. */
  service: { name: string; slug: string } | null;
  items: FaqItem[];
}

/** A policy term ready to show: its text and numbered sections rendered to safe HTML. */
export interface TermPage {
  id: number;
  name: string;
  html: string;
  updatedAt: string;
  sections: { id: number; number: number; name: string; anchor: string; html: string }[];
}
