import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Brand } from '../../../domain/config/site.ts';
import { timestamps } from '../../db/columns.ts';
import { services } from '../catalog/tables.ts';

const softDelete = { deletedAt: timestamp('deleted_at', { withTimezone: true }) };

/** SPEC.md §3 Policy term: 'Terms of Use', 'Privacy Policy and Cookies', … shown on /guideline. */
export const policyTerms = pgTable('policy_terms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
  ...softDelete,
});

/** SPEC.md §3 Term section: a numbered section of a policy term. */
export const termSections = pgTable(
  'term_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    termId: integer('term_id')
      .notNull()
      .references(() => policyTerms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('term_sections_term_idx').on(t.termId)],
);

export const teamMembers = pgTable('team_members', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  jobDescription: text('job_description').notNull(),
  image: text('image'),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export type ContentBlockKind = 'story' | 'vision' | 'value';

/** About page blocks: Our Story, Our Vision and the What Defines Us values. */
export const contentBlocks = pgTable('content_blocks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  brand: text('brand').$type<Brand>().notNull().default('SEVADOCS'),
  kind: text('kind').$type<ContentBlockKind>().notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: text('image'),
  icon: text('icon'),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/** SPEC.md §3 Referral content: title, description, howItsWorksData (three strings). */
export const referralContent = pgTable('referral_content', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  brand: text('brand').$type<Brand>().notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  howItWorks: jsonb('how_it_works').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ...timestamps,
});

export const articles = pgTable('articles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  coverImage: text('cover_image'),
  serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
  author: text('author').notNull(),
  isPublished: boolean('is_published').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});
