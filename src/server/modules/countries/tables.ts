import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** SPEC.md §3 Country: name, code (dial code, e.g. '+91'), isoCode ('IN'). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  isoCode: text('iso_code').notNull().unique(),
});
