import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AdminMessageListQuery } from '../../../domain/admin/messages.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { contactEnquiries, contactReplies } from './tables.ts';

export type NewEnquiry = typeof contactEnquiries.$inferInsert;
export type EnquiryRow = typeof contactEnquiries.$inferSelect;
export type ReplyRow = typeof contactReplies.$inferSelect;

export function createContactRepository(db: Database) {
  return {
    async insert(enquiry: NewEnquiry) {
      const [row] = await db
        .insert(contactEnquiries)
        .values(enquiry)
        .returning({ reference: contactEnquiries.reference, createdAt: contactEnquiries.createdAt });
      if (!row) throw new Error('contact enquiry was not stored');
      return row;
    },

    /** The enquiries sent from an account (signed in), oldest first. */
    ofUser(userId: number): Promise<EnquiryRow[]> {
      return db
        .select()
        .from(contactEnquiries)
        .where(eq(contactEnquiries.userId, userId))
        .orderBy(asc(contactEnquiries.createdAt), asc(contactEnquiries.id));
    },

    /** Deletes the enquiries handled before `handledBefore`, or sent before `sentBefore` whatever their state; replies go with them. */
    async deleteOld(handledBefore: Date, sentBefore: Date): Promise<number> {
      const rows = await db
        .delete(contactEnquiries)
        .where(or(lt(contactEnquiries.handledAt, handledBefore), lt(contactEnquiries.createdAt, sentBefore)))
        .returning({ id: contactEnquiries.id });
      return rows.length;
    },

    /** Deletes the enquiries sent from an account or from its e-mail address; their replies go with them. */
    async deleteOf(userId: number, email: string): Promise<number> {
      const rows = await db
        .delete(contactEnquiries)
        .where(or(eq(contactEnquiries.userId, userId), sql`lower(${contactEnquiries.email}) = ${email.toLowerCase()}`))
        .returning({ id: contactEnquiries.id });
      return rows.length;
    },

    async findById(id: number): Promise<EnquiryRow | null> {
      const [row] = await db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
      return row ?? null;
    },

    /** The enquiry, locked until the transaction ends (replies and the handled mark take turns). */
    async lockById(id: number): Promise<EnquiryRow | null> {
      const [row] = await db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id)).for('update');
      return row ?? null;
    },

    async setHandled(id: number, by: { at: Date; userId: number } | null): Promise<EnquiryRow> {
      const [row] = await db
        .update(contactEnquiries)
        .set(by ? { handledAt: by.at, handledByUserId: by.userId } : { handledAt: null, handledByUserId: null })
        .where(eq(contactEnquiries.id, id))
        .returning();
      if (!row) throw new Error(`contact enquiry ${id} vanished while it was locked`);
      return row;
    },

    async insertReply(values: typeof contactReplies.$inferInsert): Promise<ReplyRow> {
      const [row] = await db.insert(contactReplies).values(values).returning();
      if (!row) throw new Error('contact reply was not stored');
      return row;
    },

    listReplies(enquiryId: number): Promise<ReplyRow[]> {
      return db
        .select()
        .from(contactReplies)
        .where(eq(contactReplies.enquiryId, enquiryId))
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
    },

    /** Replies per enquiry, for a page of the list. */
    async replyCounts(enquiryIds: number[]): Promise<Map<number, number>> {
      if (enquiryIds.length === 0) return new Map();
      const rows = await db
        .select({ id: contactReplies.enquiryId, n: count() })
        .from(contactReplies)
        .where(inArray(contactReplies.enquiryId, enquiryIds))
        .groupBy(contactReplies.enquiryId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** The back office's list: `q` matches name, e-mail or reference; `status` open or handled. */
    async adminList(query: AdminMessageListQuery): Promise<{ rows: EnquiryRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.status === 'open') filters.push(isNull(contactEnquiries.handledAt));
      if (query.status === 'handled') filters.push(isNotNull(contactEnquiries.handledAt));
      if (query.q) {
        const pattern = containing(query.q);
        const match = or(
          ilike(contactEnquiries.name, pattern),
          ilike(contactEnquiries.email, pattern),
          ilike(contactEnquiries.reference, pattern),
        );
        if (match) filters.push(match);
      }
      const where = filters.length ? and(...filters) : undefined;
      const direction = query.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contactEnquiries)
          .where(where)
          .orderBy(direction(contactEnquiries.createdAt), direction(contactEnquiries.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(contactEnquiries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Enquiries from `ip` after `since`, and when the first of them came (null: none). */
    async countFromIpSince(ip: string, since: Date): Promise<{ count: number; first: Date | null }> {
      const [row] = await db
        .select({ n: count(), first: min(contactEnquiries.createdAt) })
        .from(contactEnquiries)
        .where(and(eq(contactEnquiries.ip, ip), gt(contactEnquiries.createdAt, since)));
      return { count: row?.n ?? 0, first: row?.first ?? null };
    },
  };
}
