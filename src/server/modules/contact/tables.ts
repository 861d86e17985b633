import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** Contact form enquiries (SPEC.md §3 enquiry types and topics live in src/domain/contact). */
export const contactEnquiries = pgTable('contact_enquiries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /**
   * What the customer and support quote ('ENQ-7KD2QX'): random, so it says nothing about how many
   * enquiries there are, as the row id would. Null only in rows from before references existed.
   */
  reference: text('reference').unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  /** The phone's country ('CA'): as picked, else derived from the number; null when unknown. */
  phoneCountry: text('phone_country'),
  enquiryType: text('enquiry_type').notNull(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Staff marked it handled (decision 0069): when and who; null while it waits. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Staff replies to an enquiry, e-mailed from the app through the outbox (decision 0069). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the id, as the audit log keeps its actor's e-mail. */
    sentByEmail: text('sent_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_enquiry_idx').on(t.enquiryId, t.createdAt)],
);
