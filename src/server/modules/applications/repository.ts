import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applicationMembers, applicationOrders } from './tables.ts';

export type ApplicationRow = typeof applicationOrders.$inferSelect;
export type MemberRow = typeof applicationMembers.$inferSelect;
export type NewMember = Pick<MemberRow, 'fullName' | 'dateOfBirth' | 'kind' | 'relationship'>;
export type MemberFormValues = Partial<Pick<MemberRow, 'answers' | 'currentStep' | 'reviewDetails'>>;

export function createApplicationsRepository(db: Database) {
  return {
    async insertApplication(values: typeof applicationOrders.$inferInsert): Promise<ApplicationRow> {
      const [row] = await db.insert(applicationOrders).values(values).returning();
      if (!row) throw new Error('insert into application_orders returned no row');
      return row;
    },

    async findApplication(orderId: number): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(applicationOrders).where(eq(applicationOrders.orderId, orderId));
      return row ?? null;
    },

    insertMembers(orderId: number, members: readonly NewMember[]): Promise<MemberRow[]> {
      return db
        .insert(applicationMembers)
        .values(members.map((m) => ({ ...m, orderId })))
        .returning();
    },

    /** In the order they were added. */
    listMembers(orderId: number): Promise<MemberRow[]> {
      return db
        .select()
        .from(applicationMembers)
        .where(eq(applicationMembers.orderId, orderId))
        .orderBy(asc(applicationMembers.id));
    },

    async updateMember(orderId: number, memberId: number, values: NewMember): Promise<MemberRow | null> {
      const [row] = await db
        .update(applicationMembers)
        .set(values)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)))
        .returning();
      return row ?? null;
    },

    /** Writes a member's form: their answers, step and review details, in one row update. */
    async updateMemberForm(orderId: number, memberId: number, values: MemberFormValues): Promise<MemberRow | null> {
      const [row] = await db
        .update(applicationMembers)
        .set(values)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)))
        .returning();
      return row ?? null;
    },

    async deleteMember(orderId: number, memberId: number): Promise<boolean> {
      const rows = await db
        .delete(applicationMembers)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)))
        .returning({ id: applicationMembers.id });
      return rows.length > 0;
    },
  };
}
