import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactEnquiries } from './tables.ts';

export type NewEnquiry = typeof contactEnquiries.$inferInsert;

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

    async countFromIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactEnquiries)
        .where(and(eq(contactEnquiries.ip, ip), gt(contactEnquiries.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}
