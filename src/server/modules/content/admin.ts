import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  ARTICLE_MESSAGES as A,
  type AdminArticle,
  type AdminTerm,
  type AdminTermSection,
  type ArticleInput,
  changedFields,
  TERM_MESSAGES as T,
  type TermSectionInput,
} from '../../../domain/admin/content.ts';
import type { Database } from '../../db/client.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { articles, policyTerms, termSections } from './tables.ts';

export type ContentAdminResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

type ArticleRow = typeof articles.$inferSelect;

const articleView = (row: ArticleRow): AdminArticle => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
  author: row.author,
  isPublished: row.isPublished,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const fieldsOf = (a: Omit<AdminArticle, 'id' | 'publishedAt' | 'updatedAt'>) => ({
  slug: a.slug,
  title: a.title,
  summary: a.summary,
  body: a.body,
  author: a.author,
  isPublished: a.isPublished,
});

type SectionRow = typeof termSections.$inferSelect;
const sectionView = (row: SectionRow): AdminTermSection => ({
  id: row.id,
  termId: row.termId,
  name: row.name,
  description: row.description,
  position: row.position,
});
const sectionFieldsOf = (s: AdminTermSection) => ({ name: s.name, description: s.description, position: s.position });

/**
 * Articles and policy sections for admins (decision 0072): each change and its audit entry (only the changed fields)
 * in one transaction, then `changed()` so the public pages show it at once.
 */
export function createContentAdmin(
  db: Database,
  { audit, changed }: { audit: Pick<AuditLog, 'record'>; changed: () => void },
) {
  const missing = { ok: false, status: 404, message: A.notFound } as const;
  const slugTaken = { ok: false, status: 409, message: A.slugTaken } as const;
  const slugUsed = async (tx: Database, slug: string, exceptId?: number) => {
    const [row] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(exceptId ? and(eq(articles.slug, slug), ne(articles.id, exceptId)) : eq(articles.slug, slug));
    return Boolean(row);
  };

  async function update(
    actor: StaffActor,
    id: number,
    next: (current: AdminArticle) => ReturnType<typeof fieldsOf>,
    action: string,
  ): Promise<ContentAdminResult<AdminArticle>> {
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(articles).where(eq(articles.id, id));
      if (!row) return missing;
      const current = articleView(row);
      const wanted = next(current);
      const diff = changedFields(fieldsOf(current), wanted);
      if (!diff) return { ok: true, value: current } as const;
      if (diff.after.slug !== undefined && (await slugUsed(tx, wanted.slug, id))) return slugTaken;
      // An article published for the first time (or again) is dated from now.
      const publishedNow = diff.after.isPublished === true ? { publishedAt: new Date() } : {};
      const [updated] = await tx
        .update(articles)
        .set({ ...wanted, ...publishedNow, updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning();
      await audit.record(tx, { actor, action, subject: { type: 'article', id }, ...diff });
      return { ok: true, value: articleView(updated as ArticleRow) } as const;
    });
    if (result.ok) changed();
    return result;
  }

  return {
    async adminListArticles(): Promise<AdminArticle[]> {
      return (await db.select().from(articles).orderBy(desc(articles.publishedAt), desc(articles.id))).map(articleView);
    },

    async adminGetArticle(id: number): Promise<AdminArticle | null> {
      const [row] = await db.select().from(articles).where(eq(articles.id, id));
      return row ? articleView(row) : null;
    },

    async createArticle(actor: StaffActor, input: ArticleInput): Promise<ContentAdminResult<AdminArticle>> {
      const result = await db.transaction(async (tx) => {
        if (await slugUsed(tx, input.slug)) return slugTaken;
        const [row] = await tx.insert(articles).values(input).returning();
        const view = articleView(row as ArticleRow);
        await audit.record(tx, {
          actor,
          action: 'article.create',
          subject: { type: 'article', id: view.id },
          after: fieldsOf(view),
        });
        return { ok: true, value: view } as const;
      });
      if (result.ok) changed();
      return result;
    },

    editArticle(actor: StaffActor, id: number, input: ArticleInput) {
      return update(actor, id, () => fieldsOf(input), 'article.edit');
    },

    publishArticle(actor: StaffActor, id: number, isPublished: boolean) {
      return update(actor, id, (current) => ({ ...fieldsOf(current), isPublished }), 'article.publish');
    },

    /** Every live policy term with its live sections in order, positions included. */
    async adminListTerms(): Promise<AdminTerm[]> {
      const [terms, sections] = await Promise.all([
        db
          .select({ id: policyTerms.id, name: policyTerms.name })
          .from(policyTerms)
          .where(isNull(policyTerms.deletedAt))
          .orderBy(asc(policyTerms.position), asc(policyTerms.id)),
        db
          .select()
          .from(termSections)
          .where(isNull(termSections.deletedAt))
          .orderBy(asc(termSections.position), asc(termSections.id)),
      ]);
      return terms.map((term) => ({
        ...term,
        sections: sections.filter((s) => s.termId === term.id).map(sectionView),
      }));
    },

    /** Adds a section to a live policy term (Terms of Use, Privacy Policy and Cookies). */
    async createTermSection(
      actor: StaffActor,
      termId: number,
      input: TermSectionInput,
    ): Promise<ContentAdminResult<AdminTermSection>> {
      const result = await db.transaction(async (tx) => {
        const [term] = await tx
          .select({ id: policyTerms.id })
          .from(policyTerms)
          .where(and(eq(policyTerms.id, termId), isNull(policyTerms.deletedAt)));
        if (!term) return { ok: false, status: 404, message: T.termNotFound } as const;
        const [row] = await tx
          .insert(termSections)
          .values({ ...input, termId })
          .returning();
        const view = sectionView(row as SectionRow);
        await audit.record(tx, {
          actor,
          action: 'term-section.create',
          subject: { type: 'term-section', id: view.id },
          after: sectionFieldsOf(view),
        });
        return { ok: true, value: view } as const;
      });
      if (result.ok) changed();
      return result;
    },

    async editTermSection(
      actor: StaffActor,
      id: number,
      input: TermSectionInput,
    ): Promise<ContentAdminResult<AdminTermSection>> {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(termSections)
          .where(and(eq(termSections.id, id), isNull(termSections.deletedAt)));
        if (!row) return { ok: false, status: 404, message: T.sectionNotFound } as const;
        const current = sectionView(row);
        const diff = changedFields(sectionFieldsOf(current), sectionFieldsOf({ ...current, ...input }));
        if (!diff) return { ok: true, value: current } as const;
        const [updated] = await tx
          .update(termSections)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(termSections.id, id))
          .returning();
        await audit.record(tx, { actor, action: 'term-section.edit', subject: { type: 'term-section', id }, ...diff });
        return { ok: true, value: sectionView(updated as SectionRow) } as const;
      });
      if (result.ok) changed();
      return result;
    },

    /** Removes a section from the policy (kept as deleted, like the rest of the policy rows). */
    async deleteTermSection(actor: StaffActor, id: number): Promise<ContentAdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(termSections)
          .set({ deletedAt: new Date() })
          .where(and(eq(termSections.id, id), isNull(termSections.deletedAt)))
          .returning();
        if (!row) return false;
        await audit.record(tx, {
          actor,
          action: 'term-section.delete',
          subject: { type: 'term-section', id },
          before: sectionFieldsOf(sectionView(row)),
        });
        return true;
      });
      if (!gone) return { ok: false, status: 404, message: T.sectionNotFound };
      changed();
      return { ok: true, value: null };
    },

    async deleteArticle(actor: StaffActor, id: number): Promise<ContentAdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(articles).where(eq(articles.id, id)).returning();
        if (!row) return false;
        await audit.record(tx, {
          actor,
          action: 'article.delete',
          subject: { type: 'article', id },
          before: fieldsOf(articleView(row)),
        });
        return true;
      });
      if (!gone) return missing;
      changed();
      return { ok: true, value: null };
    },
  };
}
