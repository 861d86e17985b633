import { z } from 'zod';
import { text } from './catalog.ts';
import { positionSchema } from './content.ts';

/**
 * What the back office adds to a service's or package's texts (issue 13, decision 0076): process
 * steps and sections, package timeline entries and FAQs (a service's or general). Shared by the
 * API and the page forms; edits use the edit schemas of catalog.ts, removals answer `removalSchema`.
 * Without a position a new entry goes last in its list.
 */

export const CATALOG_CONTENT_MESSAGES = {
  packageOfAnotherService: 'Choose one of this service’s packages, or none for every package',
  kindInvalid: 'Choose Step or Process section',
} as const;

export const PROCESS_STEP_KINDS = ['step', 'detail'] as const;
/** How the back office names the two kinds: `detail` rows are the service page's process sections. */
export const PROCESS_STEP_KIND_LABELS = { step: 'Step', detail: 'Process section' } as const;

const recordId = z
  .number({ error: 'Choose a package' })
  .int('Choose a package')
  .min(1, 'Choose a package')
  .max(2_147_483_647, 'Choose a package');

/** A new step (`step`) or process section (`detail`): the whole service's (no package) or one package's. */
export const processStepCreateSchema = z.object({
  kind: z.enum(PROCESS_STEP_KINDS, { error: CATALOG_CONTENT_MESSAGES.kindInvalid }),
  packageId: recordId.nullable().default(null),
  title: text('Title', 200),
  description: text('Description', 5_000),
  position: positionSchema.optional(),
});
export type ProcessStepCreate = z.infer<typeof processStepCreateSchema>;

/** A new entry of a package's timeline (what happens when, after the customer pays). */
export const timelineEntryCreateSchema = z.object({
  title: text('Title', 200),
  duration: text('Duration', 80),
  description: text('Description', 5_000),
  position: positionSchema.optional(),
});
export type TimelineEntryCreate = z.infer<typeof timelineEntryCreateSchema>;

/** A new FAQ, of a service (POST under it) or general (the FAQ page's own questions). */
export const faqCreateSchema = z.object({
  question: text('Question', 500),
  answer: text('Answer', 10_000),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  position: positionSchema.optional(),
});
export type FaqCreate = z.infer<typeof faqCreateSchema>;

export const adminFaqSchema = z.object({
  id: z.number(),
  position: z.number(),
  question: z.string(),
  answer: z.string(),
  isActive: z.boolean(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;
