import { and, eq, ne, sql } from 'drizzle-orm';
import type { ConfirmPassport } from '../../../domain/passports/mrz-reading.ts';
import type { Database } from '../../db/client.ts';
import { applicationMemberPassports, applicationMembers } from './tables.ts';

export type MemberPassportRow = typeof applicationMemberPassports.$inferSelect;

/** Queries of the members' confirmed passport readings. */
export function createPassportsRepository(db: Database) {
  return {
    async find(memberId: number): Promise<MemberPassportRow | null> {
      const [row] = await db
        .select()
        .from(applicationMemberPassports)
        .where(eq(applicationMemberPassports.memberId, memberId));
      return row ?? null;
    },

    /** The name of another member of the order whose confirmed passport has this number, or null. */
    async holderOfNumber(orderId: number, passportNumber: string, exceptMemberId: number): Promise<string | null> {
      const [row] = await db
        .select({ fullName: applicationMembers.fullName })
        .from(applicationMemberPassports)
        .innerJoin(applicationMembers, eq(applicationMembers.id, applicationMemberPassports.memberId))
        .where(
          and(
            eq(applicationMembers.orderId, orderId),
            ne(applicationMembers.id, exceptMemberId),
            sql`${applicationMemberPassports.fields}->>'passportNumber' = ${passportNumber}`,
          ),
        )
        .limit(1);
      return row?.fullName ?? null;
    },

    /** Stores the member's reading, replacing an earlier one. */
    async save(memberId: number, { lines, fields }: ConfirmPassport, confirmedAt: Date): Promise<MemberPassportRow> {
      const [row] = await db
        .insert(applicationMemberPassports)
        .values({ memberId, lines, fields, confirmedAt })
        .onConflictDoUpdate({ target: applicationMemberPassports.memberId, set: { lines, fields, confirmedAt } })
        .returning();
      if (!row) throw new Error(`passport of member ${memberId} not saved`);
      return row;
    },

    async remove(memberId: number): Promise<boolean> {
      const rows = await db
        .delete(applicationMemberPassports)
        .where(eq(applicationMemberPassports.memberId, memberId))
        .returning({ memberId: applicationMemberPassports.memberId });
      return rows.length > 0;
    },
  };
}
