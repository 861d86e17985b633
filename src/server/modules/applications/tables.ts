import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DocumentDirection, DocumentUploader } from '../../../domain/applications/documents.ts';
import type { ReviewDetails } from '../../../domain/applications/member-form.ts';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import type { MemberRelationship } from '../../../domain/applications/members.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import type { Jurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import type { ProofAddress } from '../../../domain/jurisdiction/proof-of-address.ts';
import type { PassportFields } from '../../../domain/passports/mrz-reading.ts';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { StoredFileType } from '../../../domain/uploads/file-types.ts';
import { timestamps } from '../../db/columns.ts';
import { packages } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * Application forms as data (docs/decisions/0047, 0051): every version of every form definition.
 * A version is never changed once stored: an edit (or a changed seed) adds the next version, and
 * an order keeps the one it started with. `definition` is the FormDefinition JSON (checked with
 * formDefinitionSchema when written and read), its `version` equal to the row's; `checksum` is
 * the SHA-256 of its canonical JSON without the version, so an unchanged seed is recognised.
 */
export const formDefinitions = pgTable(
  'form_definitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The definition's id, e.g. 'oci-card/new-oci-card'. */
    key: text('key').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    checksum: text('checksum').notNull(),
    /**
     * Who wrote this version: 'seed' (the code's definitions, stored at start-up) or 'admin' (published
     * in the back office, decision 0073). Once an admin has published a key, the seed leaves it alone.
     */
    source: text('source').$type<'seed' | 'admin'>().notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_definitions_key_version_idx').on(t.key, t.version),
    check('form_definitions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * The back office's unpublished edit of a form (decision 0073): one draft per definition key,
 * already checked by the definition schema; publishing stores it as the key's next version and
 * deletes it. Customers never see a draft.
 */
export const formDrafts = pgTable('form_drafts', {
  key: text('key').primaryKey(),
  definition: jsonb('definition').$type<FormDefinition>().notNull(),
  /** The published version the draft was started from (publishing refuses if another came since). */
  baseVersion: integer('base_version').notNull(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * Which form a catalog package asks (by definition key; new orders take its latest version).
 * Kept here, not on `packages`: the form is the applications module's business, and several
 * packages may share one form.
 */
export const packageForms = pgTable('package_forms', {
  packageId: integer('package_id')
    .primaryKey()
    .references(() => packages.id, { onDelete: 'cascade' }),
  definitionKey: text('definition_key').notNull(),
  ...timestamps,
});

export interface FeeLineSnapshot {
  label: string;
  amountCents: number;
}

/**
 * What a service order (DOC-…) was started with: the package and its country choices, the price
 * per member as the catalog had it then (government fee, mandatory third-party fees and our
 * service fee apart), and the form definition version. Later catalog edits change none of it.
 * Service and package are copied by id, slug and name, not referenced: the snapshot outlives them.
 */
export const applicationOrders = pgTable(
  'application_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').notNull(),
    serviceSlug: text('service_slug').notNull(),
    serviceName: text('service_name').notNull(),
    packageId: integer('package_id').notNull(),
    packageSlug: text('package_slug').notNull(),
    packageName: text('package_name').notNull(),
    /** The catalog price row the snapshot was taken from. */
    packagePriceId: integer('package_price_id').notNull(),
    choices: jsonb('choices').$type<ParameterChoices>().notNull().default(sql`'{}'::jsonb`),
    currency: text('currency').$type<Currency>().notNull(),
    governmentFeeCents: integer('government_fee_cents').notNull(),
    mandatoryFees: jsonb('mandatory_fees').$type<FeeLineSnapshot[]>().notNull().default(sql`'[]'::jsonb`),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    compareAtServiceFeeCents: integer('compare_at_service_fee_cents'),
    isEstimate: boolean('is_estimate').notNull().default(false),
    /** The government and mandatory fees are the customer's to pay on the official portal: not in the total. */
    feesPaidOnPortal: boolean('fees_paid_on_portal').notNull().default(false),
    /** The form definition (one version of the package's form) the order was started with; null when the package has none. */
    formDefinitionId: integer('form_definition_id').references(() => formDefinitions.id, { onDelete: 'restrict' }),
    /**
     * Where the file goes (issue 32 §1, decision 0114-order-mission): the jurisdiction answer for the
     * deciding member's address as it was when that address was saved (mission, centre, mode, postal
     * address, the county or FSA used, source and date); null while no address resolves. A copy, not
     * a reference: a later row of the table does not move an order already told where to post.
     */
    mission: jsonb('mission').$type<Jurisdiction>(),
    /**
     * Where the customer posts the file, as our team confirmed it (decision 0179): the envelope's
     * lines, when, and by whom (their e-mail address kept apart from the id, so the order still says
     * who once the account is gone); all null until confirmed, and again once the mission moves.
     * The print pack's label prints it before the mission's own address.
     */
    postingAddress: jsonb('posting_address').$type<string[]>(),
    postingAddressConfirmedAt: timestamp('posting_address_confirmed_at', { withTimezone: true }),
    postingAddressConfirmedById: integer('posting_address_confirmed_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    postingAddressConfirmedByEmail: text('posting_address_confirmed_by_email'),
    /**
     * The fees our team paid at the centre for a mission's file (the government fee, the ICWF and the
     * centre's service fee, in the price): the centre's reference for the payment, when staff
     * recorded it and who (their e-mail address kept apart from the id, as the posting address's);
     * all null until recorded. Submitted waits for it: the refund policy keeps those fees from then.
     */
    feesPaidReference: text('fees_paid_reference'),
    feesPaidAt: timestamp('fees_paid_at', { withTimezone: true }),
    feesPaidById: integer('fees_paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    feesPaidByEmail: text('fees_paid_by_email'),
    ...timestamps,
  },
  (t) => [
    check(
      'application_orders_posting_address_check',
      sql`(${t.postingAddress} is null) = (${t.postingAddressConfirmedAt} is null) and (${t.postingAddress} is null) = (${t.postingAddressConfirmedByEmail} is null)`,
    ),
    check(
      'application_orders_fees_paid_check',
      sql`(${t.feesPaidReference} is null) = (${t.feesPaidAt} is null) and (${t.feesPaidReference} is null) = (${t.feesPaidByEmail} is null)`,
    ),
  ],
);

/**
 * The customer of an unpaid order was told of a change of its government or outsourcer fees
 * (issue 32 §2, applications/fee-changes.ts): one row per order and catalog price row that takes
 * over, written in the transaction that queues the e-mail, so however many times and processes the
 * daily job runs, the order gets one e-mail per change (the outbox's key alone is pruned after 30
 * days). `package_price_id` is a copy, like `application_orders.package_price_id`: no reference.
 */
export const applicationFeeNotices = pgTable(
  'application_fee_notices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    packagePriceId: integer('package_price_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('application_fee_notices_order_price_idx').on(t.orderId, t.packagePriceId)],
);

/**
 * The people an application is for (1 to 10), each with their own form progress (SPEC.md §3
 * applicationFormData: currentStepper, memberFormData, reviewOrderDetails).
 */
export const applicationMembers = pgTable(
  'application_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** Derived from the date of birth when saved (Minor under 18). */
    kind: text('kind').$type<MemberKind>().notNull(),
    relationship: text('relationship').$type<MemberRelationship>().notNull(),
    /** The step of the member's form the customer is on (starts at 1). */
    currentStep: integer('current_step').notNull().default(1),
    /** The member's answers, keyed by field; filled by autosave. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** What the review step stored (SPEC.md §4); null until the member's form is reviewed. */
    reviewDetails: jsonb('review_details').$type<ReviewDetails>(),
    /**
     * When an autosave last wrote the answers (null: never): what a save says it was built on
     * (decision 0149). Uploads, reviews and member edits leave it, so the tab that made them is not
     * told another one saved.
     */
    answersSavedAt: timestamp('answers_saved_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('application_members_order_idx').on(t.orderId, t.id)],
);

/**
 * An application's files (docs/decisions/0050): what the customer uploaded against a member's
 * checklist item (`from-customer`; one live file per member and item, a new upload replaces it),
 * and what staff send back (`to-customer`, for one member or the whole order). The bytes are in
 * file storage under `storage_key`. Deleting or replacing a file marks its row `deleted_at` in the
 * change's transaction; the bytes are removed after commit and `storage_key` is then cleared, so a
 * crash in between leaves a row that start-up finishes (never a file no row knows of).
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    /** Null for an order-level document, and for a removed member's (deleted) files. */
    memberId: integer('member_id').references(() => applicationMembers.id, { onDelete: 'set null' }),
    /** The checklist item (src/domain/applications/checklist.ts) a customer's file is for. */
    itemId: text('item_id'),
    direction: text('direction').$type<DocumentDirection>().notNull(),
    /** Null once the file is gone from storage (after the row was deleted). */
    storageKey: text('storage_key').unique(),
    /** The uploaded file's name for display only, at most 500 characters and '…'. */
    displayName: text('display_name').notNull(),
    contentType: text('content_type').$type<StoredFileType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text('sha256').notNull(),
    /** SevaPhotos' checks of a photo, signature or thumb impression stored fitted to the portal's size. */
    report: jsonb('report').$type<ComplianceReport>(),
    /**
     * A proof of address's postal code as the customer read it off the document, with the mission
     * it resolved to (issue 32 §1, decision 0118-proof-of-address-mission); null until given. A
     * replacing file is a new row: its code is asked again.
     */
    proofAddress: jsonb('proof_address').$type<ProofAddress>(),
    /**
     * A PDF we assembled from the customer's photos of its pages ("Add a page", decision 0196): how
     * many it holds. Null for a file as the customer sent it (a photo is one page; their own PDF is
     * not added to).
     */
    pages: smallint('pages'),
    uploadedBy: text('uploaded_by').$type<DocumentUploader>().notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer deleted or replaced it (staff documents are not deleted by customers). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('application_documents_order_idx').on(t.orderId, t.id),
    // One live file per member and checklist item: two uploads racing for an item end with one.
    uniqueIndex('application_documents_live_item_idx')
      .on(t.memberId, t.itemId)
      .where(sql`${t.deletedAt} IS NULL AND ${t.direction} = 'from-customer'`),
    // Deleted rows whose bytes are still to be removed (a crash between commit and removal).
    index('application_documents_unremoved_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} IS NOT NULL AND ${t.storageKey} IS NOT NULL`),
    // A customer's file is always for a checklist item; a live one always has its bytes.
    check('application_documents_item_check', sql`${t.direction} <> 'from-customer' OR ${t.itemId} IS NOT NULL`),
    check('application_documents_stored_check', sql`${t.deletedAt} IS NOT NULL OR ${t.storageKey} IS NOT NULL`),
  ],
);

/**
 * Staff asking the customer for a member's checklist item again, with a note (the back office,
 * decision 0068), or for a document outside the checklist (decision 0186), which the member's
 * checklist then lists. The member's checklist shows the item as requested, with the note, until the
 * customer uploads a file for it after the request, or staff withdraw it (decision 0188); the rows stay
 * as the record of what was asked.
 */
export const applicationDocumentRequests = pgTable(
  'application_document_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => applicationMembers.id, { onDelete: 'cascade' }),
    /**
     * The checklist item (src/domain/applications/checklist.ts), or a document outside the checklist
     * staff named (`other-1a2b3c4d`, src/domain/applications/other-documents.ts).
     */
    itemId: text('item_id').notNull(),
    /**
     * The name staff gave a document outside the checklist; null for a checklist item, whose label
     * the checklist keeps (decision 0186-documents-outside-the-checklist).
     */
    itemLabel: text('item_label'),
    /** What staff tell the customer about it (shown on the customer's checklist). */
    note: text('note').notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When staff withdrew the request (decision 0188-withdraw-a-document-request): it asks for
     * nothing from then on, and a document outside the checklist none of whose requests stands is
     * no longer the member's item. Null while it stands; the row stays as the record of what was asked.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnByUserId: integer('withdrawn_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('application_document_requests_order_idx').on(t.orderId, t.memberId, t.itemId),
    // A label names exactly the documents outside the checklist: a checklist item's is the checklist's.
    check(
      'application_document_requests_label_check',
      sql`(${t.itemLabel} IS NOT NULL) = (${t.itemId} LIKE 'other-%')`,
    ),
  ],
);

/**
 * The passport a member's answers are checked against (issue 30 §2, decision 0095):
 * the machine-readable zone the customer read and confirmed, every check digit holding, and the
 * fields as confirmed (names, sex and nationality corrected where OCR misread a letter; number and
 * dates always the zone's). One per member; reading again replaces it. The page image is not kept.
 */
export const applicationMemberPassports = pgTable('application_member_passports', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => applicationMembers.id, { onDelete: 'cascade' }),
  lines: jsonb('lines').$type<[string, string]>().notNull(),
  fields: jsonb('fields').$type<PassportFields>().notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
});
