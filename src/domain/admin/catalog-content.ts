import { z } from 'zod';
import { CATALOG_MESSAGES, text } from './catalog.ts';
import { appliesToSchema } from './catalog-choices.ts';
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
  textForEveryCountry: 'Choose at least one country: the package’s own fields are its text for every country',
  textEmpty: 'Fill at least one field: an empty field keeps the general text',
  textTwice: 'This package already has a text for this choice: edit that one',
  textEmptied: 'Keep at least one field, or remove this text to show the general text',
} as const;
const M = CATALOG_CONTENT_MESSAGES;

/** Every choice, unless the entry says which (decision 0080). */
const appliesTo = appliesToSchema.default({});

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
  appliesTo,
});
export type ProcessStepCreate = z.infer<typeof processStepCreateSchema>;

/** A new entry of a package's timeline (what happens when, after the customer pays). */
export const timelineEntryCreateSchema = z.object({
  title: text('Title', 200),
  duration: text('Duration', 80),
  description: text('Description', 5_000),
  position: positionSchema.optional(),
  appliesTo,
});
export type TimelineEntryCreate = z.infer<typeof timelineEntryCreateSchema>;

/** A new FAQ, of a service (POST under it) or general (the FAQ page's own questions). */
export const faqCreateSchema = z.object({
  question: text('Question', 500),
  answer: text('Answer', 10_000),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  position: positionSchema.optional(),
  appliesTo,
});
export type FaqCreate = z.infer<typeof faqCreateSchema>;

/** What the back office reads of a FAQ (catalog.ts, beside the service it is part of). */
export { type AdminFaq, adminFaqSchema } from './catalog.ts';

/** A field of a package's text for one choice: empty or null keeps the package's general text. */
function ownText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

/** A list of a package's text (features, documents), a line each: none keeps the general list. */
function ownLines(label: string) {
  return z
    .array(
      z
        .string({ error: `${label}: each line must be text` })
        .trim()
        .max(500, `${label}: at most 500 characters a line`),
      {
        error: `${label} must be a list of lines`,
      },
    )
    .max(40, `${label}: at most 40 lines`)
    .nullable()
    .transform((lines) => {
      const kept = lines?.filter((line) => line !== '') ?? [];
      return kept.length ? kept : null;
    });
}

export const packageTextFields = z.object({
  description: ownText('Description', 20_000),
  features: ownLines('Features'),
  processingTime: ownText('Processing time', 200),
  documents: ownLines('Documents'),
  feeNote: ownText('Fee note', 500),
});
const TEXT_FIELDS = Object.keys(packageTextFields.shape) as (keyof typeof packageTextFields.shape)[];

/**
 * A package's text for one choice of countries (`package_texts`, decision 0080): at least one
 * country, and at least one field; each field given replaces the general one on that choice's pages.
 */
export const packageTextCreateSchema = z
  .object({
    appliesTo: appliesToSchema.refine((choices) => Object.keys(choices).length > 0, M.textForEveryCountry),
    description: packageTextFields.shape.description.default(null),
    features: packageTextFields.shape.features.default(null),
    processingTime: packageTextFields.shape.processingTime.default(null),
    documents: packageTextFields.shape.documents.default(null),
    feeNote: packageTextFields.shape.feeNote.default(null),
  })
  .refine((text) => TEXT_FIELDS.some((f) => text[f] !== null), { message: M.textEmpty, path: ['form'] });
export type PackageTextCreate = z.infer<typeof packageTextCreateSchema>;

/** An edit of a package text's fields (its choice stays: remove it and add another to change it). */
export const packageTextEditSchema = packageTextFields
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: CATALOG_MESSAGES.nothingToChange });
export type PackageTextEdit = z.infer<typeof packageTextEditSchema>;
