import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import {
  CENTRE_PROVIDERS,
  type CentreProvider,
  MISSION_KINDS,
  type MissionKind,
  SUBMISSION_MODES,
  type SubmissionMode,
} from '../../../domain/jurisdiction/jurisdiction.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Which Indian mission serves a state or province, or part of one, from a date (issue 32 §1,
 * decision 0105-jurisdiction-table). Rows are data loaded by migration (`seed.sql`), never edited
 * in code: a change is a new row with its own `effective_from`, so a look-up for an earlier date
 * still answers what held then.
 */
export const jurisdictionRules = pgTable(
  'jurisdiction_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').$type<AddressCountry>().notNull(),
    /** USPS state or Canada Post province code. */
    region: text('region').notNull(),
    /** Null for the whole region; a county name (US) or the start of a forward sortation area (CA). */
    area: text('area'),
    missionKind: text('mission_kind').$type<MissionKind>().notNull(),
    missionCity: text('mission_city').notNull(),
    centreProvider: text('centre_provider').$type<CentreProvider>().notNull(),
    /** Null when our sources name no one centre for the area. */
    centreCity: text('centre_city'),
    submissionMode: text('submission_mode').$type<SubmissionMode>().notNull(),
    /** Where papers are posted, when our sources give it. */
    postalAddress: text('postal_address'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    sourceUrl: text('source_url').notNull(),
    /** For staff: the source's date, and which sources disagree and why this one was picked. */
    note: text('note'),
  },
  (t) => [
    unique('jurisdiction_rules_place_date').on(t.country, t.region, t.area, t.effectiveFrom).nullsNotDistinct(),
    index('jurisdiction_rules_region').on(t.country, t.region),
    // A mistyped row in a data migration fails the migration instead of answering customers.
    check('jurisdiction_rules_country_check', sql`${t.country} in ('US', 'CA')`),
    check('jurisdiction_rules_mission_kind_check', sql.raw(`mission_kind in (${quoted(MISSION_KINDS)})`)),
    check('jurisdiction_rules_centre_provider_check', sql.raw(`centre_provider in (${quoted(CENTRE_PROVIDERS)})`)),
    check('jurisdiction_rules_submission_mode_check', sql.raw(`submission_mode in (${quoted(SUBMISSION_MODES)})`)),
  ],
);
