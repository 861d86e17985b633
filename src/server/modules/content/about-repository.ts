import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { changedSince } from '../../lib/edit-version.ts';
import { contentBlocks, teamMembers } from './tables.ts';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type NewTeamMember = typeof teamMembers.$inferInsert;
export type AboutBlockRow = typeof contentBlocks.$inferSelect;
export type NewAboutBlock = typeof contentBlocks.$inferInsert;

/** The About page's blocks are the SevaDocs brand's; the other brands' belong to their landing pages. */
const ABOUT_BRAND = 'SEVADOCS';

/** The back office's queries on the About page: team members and its blocks (about-admin.ts, decision 0075). */
export function createAboutRepository(db: Database) {
  const editable = { member: teamMembers, block: contentBlocks };
  return {
    /** Locks the record for the transaction; whether it changed since `loadedAt` (lib/edit-version.ts). */
    changedSince: (record: keyof typeof editable, id: number, loadedAt: string) =>
      changedSince(db, editable[record], id, loadedAt),

    /** Whether a team member's photo is stored under `path`. */
    async teamImageInUse(path: string): Promise<boolean> {
      const [row] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(eq(teamMembers.image, path))
        .limit(1);
      return Boolean(row);
    },

    listTeam(): Promise<TeamMemberRow[]> {
      return db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id));
    },

    async findTeamMember(id: number): Promise<TeamMemberRow | undefined> {
      const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
      return row;
    },

    async insertTeamMember(values: NewTeamMember): Promise<TeamMemberRow | undefined> {
      const [row] = await db.insert(teamMembers).values(values).returning();
      return row;
    },

    async updateTeamMember(id: number, values: Partial<NewTeamMember>): Promise<TeamMemberRow | undefined> {
      const [row] = await db.update(teamMembers).set(values).where(eq(teamMembers.id, id)).returning();
      return row;
    },

    async deleteTeamMember(id: number): Promise<TeamMemberRow | undefined> {
      const [row] = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
      return row;
    },

    /** The About page's blocks in page order. */
    listAboutBlocks(): Promise<AboutBlockRow[]> {
      return db
        .select()
        .from(contentBlocks)
        .where(eq(contentBlocks.brand, ABOUT_BRAND))
        .orderBy(asc(contentBlocks.position), asc(contentBlocks.id));
    },

    /** One of the About page's blocks; undefined for another brand's. */
    async findAboutBlock(id: number): Promise<AboutBlockRow | undefined> {
      const [row] = await db
        .select()
        .from(contentBlocks)
        .where(and(eq(contentBlocks.id, id), eq(contentBlocks.brand, ABOUT_BRAND)));
      return row;
    },

    async updateBlock(id: number, values: Partial<NewAboutBlock>): Promise<AboutBlockRow | undefined> {
      const [row] = await db.update(contentBlocks).set(values).where(eq(contentBlocks.id, id)).returning();
      return row;
    },
  };
}
