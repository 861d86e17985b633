import {
  ARTICLE_MESSAGES as A,
  type AdminArticle,
  type AdminTerm,
  type AdminTermSection,
  type ArticleEdit,
  type ArticleInput,
  changedFields,
  sentFields,
  TERM_MESSAGES as T,
  type TermSectionEdit,
  type TermSectionInput,
} from '../../../domain/admin/content.ts';
import type { Database } from '../../db/client.ts';
import { staleEdit } from '../../lib/edit-version.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import {
  type ArticleRow,
  createContentAdminRepository,
  type TermSectionRow as SectionRow,
} from './admin-repository.ts';

export type ContentAdminResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

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

const sectionView = (row: SectionRow): AdminTermSection => ({
  id: row.id,
  termId: row.termId,
  name: row.name,
  description: row.description,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
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
  const repository = createContentAdminRepository(db);

  /** `loadedAt`: an edit's `updatedAt`, refused when the article has changed since. */
  async function update(
    actor: StaffActor,
    id: number,
    next: (current: AdminArticle) => ReturnType<typeof fieldsOf>,
    action: string,
    loadedAt?: string,
  ): Promise<ContentAdminResult<AdminArticle>> {
    const result = await db.transaction(async (tx) => {
      const inTx = createContentAdminRepository(tx);
      const stale = loadedAt !== undefined && (await inTx.changedSince('article', id, loadedAt));
      const row = await inTx.findArticle(id);
      if (!row) return missing;
      if (stale) return staleEdit;
      const current = articleView(row);
      const wanted = next(current);
      const diff = changedFields(fieldsOf(current), wanted);
      if (!diff) return { ok: true, value: current } as const;
      if (diff.after.slug !== undefined && (await inTx.slugUsed(wanted.slug, id))) return slugTaken;
      // An article published for the first time (or again) is dated from now.
      const publishedNow = diff.after.isPublished === true ? { publishedAt: new Date() } : {};
      const updated = await inTx.updateArticle(id, { ...wanted, ...publishedNow, updatedAt: new Date() });
      await audit.record(tx, { actor, action, subject: { type: 'article', id }, ...diff });
      return { ok: true, value: articleView(updated as ArticleRow) } as const;
    });
    if (result.ok) changed();
    return result;
  }

  return {
    async adminListArticles(): Promise<AdminArticle[]> {
      return (await repository.listArticles()).map(articleView);
    },

    async adminGetArticle(id: number): Promise<AdminArticle | null> {
      const row = await repository.findArticle(id);
      return row ? articleView(row) : null;
    },

    async createArticle(actor: StaffActor, input: ArticleInput): Promise<ContentAdminResult<AdminArticle>> {
      const result = await db.transaction(async (tx) => {
        const inTx = createContentAdminRepository(tx);
        if (await inTx.slugUsed(input.slug)) return slugTaken;
        const row = await inTx.insertArticle(input);
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

    editArticle(actor: StaffActor, id: number, input: ArticleEdit) {
      return update(actor, id, () => fieldsOf(input), 'article.edit', input.updatedAt);
    },

    publishArticle(actor: StaffActor, id: number, isPublished: boolean) {
      return update(actor, id, (current) => ({ ...fieldsOf(current), isPublished }), 'article.publish');
    },

    /** Every live policy term with its live sections in order, positions included. */
    async adminListTerms(): Promise<AdminTerm[]> {
      const [terms, sections] = await Promise.all([repository.listLiveTerms(), repository.listLiveSections()]);
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
        const inTx = createContentAdminRepository(tx);
        if (!(await inTx.liveTermExists(termId))) return { ok: false, status: 404, message: T.termNotFound } as const;
        const row = await inTx.insertSection({ ...input, termId });
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
      { updatedAt: loadedAt, ...input }: TermSectionEdit,
    ): Promise<ContentAdminResult<AdminTermSection>> {
      const result = await db.transaction(async (tx) => {
        const inTx = createContentAdminRepository(tx);
        const stale = await inTx.changedSince('section', id, loadedAt);
        const row = await inTx.findLiveSection(id);
        if (!row) return { ok: false, status: 404, message: T.sectionNotFound } as const;
        if (stale) return staleEdit;
        const current = sectionView(row);
        // A `position` left out keeps the stored one.
        const wanted = sectionFieldsOf({ ...current, ...sentFields(input) });
        const diff = changedFields(sectionFieldsOf(current), wanted);
        if (!diff) return { ok: true, value: current } as const;
        const updated = await inTx.updateSection(id, { ...wanted, updatedAt: new Date() });
        await audit.record(tx, { actor, action: 'term-section.edit', subject: { type: 'term-section', id }, ...diff });
        return { ok: true, value: sectionView(updated as SectionRow) } as const;
      });
      if (result.ok) changed();
      return result;
    },

    /** Removes a section from the policy (kept as deleted, like the rest of the policy rows). */
    async deleteTermSection(actor: StaffActor, id: number): Promise<ContentAdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const row = await createContentAdminRepository(tx).softDeleteSection(id, new Date());
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
        const row = await createContentAdminRepository(tx).deleteArticle(id);
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
