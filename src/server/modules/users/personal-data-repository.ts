import { eq, sql } from 'drizzle-orm';
import { erasedEmail } from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import { addresses, users } from './tables.ts';

/** An account's erasure (issue 34 §3): what the users module's own tables hold about a person. */
export function createUsersPersonalDataRepository(db: Database) {
  return {
    /**
     * Replaces every personal field of the account with a placeholder, in one statement: the row
     * stays (orders kept for the law point at it) but names no one. The password hash becomes one
     * no password matches, the account is disabled, and the epoch moves so open sessions end.
     */
    async anonymise(userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          name: 'Erased customer',
          email: erasedEmail(userId),
          phone: '',
          phoneCountry: null,
          passwordHash: '!erased',
          ageGroup: null,
          referralCode: sql`'erased-' || ${users.id}`,
          isDashboardVisible: false,
          linkOrigin: null,
          disabledAt: at,
          sessionEpoch: sql`${users.sessionEpoch} + 1`,
          updatedAt: at,
        })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      await db.delete(addresses).where(eq(addresses.userId, userId));
      return rows.length > 0;
    },
  };
}
