import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

/** SPEC.md §3 Offer: the home page's sticky offers strip. */
export const offers = pgTable('offers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...timestamps,
});

/** SPEC.md §3 Banner: the home popup; `bannerImage` is a path under the media base. */
export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  bannerImage: text('banner_image').notNull(),
  altText: text('alt_text').notNull(),
  link: text('link'),
  buttonText: text('button_text'),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const partnerServices = pgTable('partner_services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  logo: text('logo'),
  link: text('link'),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/** Leads from the campaign landing pages (/visa-service, /indian-tourist-visa). */
export const campaignLeads = pgTable('campaign_leads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  campaign: text('campaign').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  travelDate: text('travel_date'),
  message: text('message'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
