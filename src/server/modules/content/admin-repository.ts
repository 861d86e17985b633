import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { changedSince } from '../../lib/edit-version.ts';
import { articles, policyTerms, termSections } from './tables.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticle = typeof articles.$inferInsert;
export type TermSectionRow = typeof termSections.$inferSelect;
export type NewTermSection = typeof termSections.$inferInsert;

/** The back office's queries on articles and policy sections (admin.ts, decision 0072). */
export function createContentAdminRepository(db: Database) {
  const editable = { article: articles, section: termSections };
  return {
    /** Locks the record for the transaction; whether it changed since `loadedAt` (lib/edit-version.ts). */
    changedSince: (record: keyof typeof editable, id: number, loadedAt: string) =>
      changedSince(db, editable[record], id, loadedAt),

    /** Whether another article (not `exceptId`) has the slug. */
    async slugUsed(slug: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(exceptId ? and(eq(articles.slug, slug), ne(articles.id, exceptId)) : eq(articles.slug, slug));
      return Boolean(row);
    },

    /** Newest published first. */
    listArticles(): Promise<ArticleRow[]> {
      return db.select().from(articles).orderBy(desc(articles.publishedAt), desc(articles.id));
    },

    async findArticle(id: number): Promise<ArticleRow | undefined> {
      const [row] = await db.select().from(articles).where(eq(articles.id, id));
      return row;
    },

    async insertArticle(values: NewArticle): Promise<ArticleRow | undefined> {
      const [row] = await db.insert(articles).values(values).returning();
      return row;
    },

    async updateArticle(id: number, values: Partial<NewArticle>): Promise<ArticleRow | undefined> {
      const [row] = await db.update(articles).set(values).where(eq(articles.id, id)).returning();
      return row;
    },

    async deleteArticle(id: number): Promise<ArticleRow | undefined> {
      const [row] = await db.delete(articles).where(eq(articles.id, id)).returning();
      return row;
    },

    /** Live policy terms in order. */
    listLiveTerms(): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: policyTerms.id, name: policyTerms.name })
        .from(policyTerms)
        .where(isNull(policyTerms.deletedAt))
        .orderBy(asc(policyTerms.position), asc(policyTerms.id));
    },

    /** Live sections of every term, in order. */
    listLiveSections(): Promise<TermSectionRow[]> {
      return db
        .select()
        .from(termSections)
        .where(isNull(termSections.deletedAt))
        .orderBy(asc(termSections.position), asc(termSections.id));
    },

    async liveTermExists(id: number): Promise<boolean> {
      const [term] = await db
        .select({ id: policyTerms.id })
        .from(policyTerms)
        .where(and(eq(policyTerms.id, id), isNull(policyTerms.deletedAt)));
      return Boolean(term);
    },

    async insertSection(values: NewTermSection): Promise<TermSectionRow | undefined> {
      const [row] = await db.insert(termSections).values(values).returning();
      return row;
    },

    async findLiveSection(id: number): Promise<TermSectionRow | undefined> {
      const [row] = await db
        .select()
        .from(termSections)
        .where(and(eq(termSections.id, id), isNull(termSections.deletedAt)));
      return row;
    },

    async updateSection(id: number, values: Partial<NewTermSection>): Promise<TermSectionRow | undefined> {
      const [row] = await db.update(termSections).set(values).where(eq(termSections.id, id)).returning();
      return row;
    },

    /** Marks a live section deleted (policy rows are kept); undefined when there is none. */
    async softDeleteSection(id: number, at: Date): Promise<TermSectionRow | undefined> {
      const [row] = await db
        .update(termSections)
        .set({ deletedAt: at })
        .where(and(eq(termSections.id, id), isNull(termSections.deletedAt)))
        .returning();
      return row;
    },
  };
}
