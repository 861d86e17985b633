import { and, asc, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Brand } from '../../../domain/config/site.ts';
import type { Database } from '../../db/client.ts';
import { articles, contentBlocks, policyTerms, referralContent, teamMembers, termSections } from './tables.ts';

const termColumns = {
  id: policyTerms.id,
  createdAt: policyTerms.createdAt,
  updatedAt: policyTerms.updatedAt,
  deletedAt: policyTerms.deletedAt,
  name: policyTerms.name,
  description: policyTerms.description,
};

const sectionColumns = {
  id: termSections.id,
  createdAt: termSections.createdAt,
  updatedAt: termSections.updatedAt,
  deletedAt: termSections.deletedAt,
  name: termSections.name,
  description: termSections.description,
  termId: termSections.termId,
};

const articleSummaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  coverImage: articles.coverImage,
  author: articles.author,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  serviceId: articles.serviceId,
};

export function createContentRepository(db: Database) {
  return {
    listTerms() {
      return db
        .select(termColumns)
        .from(policyTerms)
        .where(isNull(policyTerms.deletedAt))
        .orderBy(asc(policyTerms.position), asc(policyTerms.id));
    },

    listSections() {
      return db
        .select(sectionColumns)
        .from(termSections)
        .where(isNull(termSections.deletedAt))
        .orderBy(asc(termSections.termId), asc(termSections.position), asc(termSections.id));
    },

    listTeam() {
      return db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          jobDescription: teamMembers.jobDescription,
          image: teamMembers.image,
        })
        .from(teamMembers)
        .orderBy(asc(teamMembers.position), asc(teamMembers.id));
    },

    listBlocks(brand: Brand) {
      return db
        .select({
          id: contentBlocks.id,
          kind: contentBlocks.kind,
          title: contentBlocks.title,
          description: contentBlocks.description,
          image: contentBlocks.image,
          icon: contentBlocks.icon,
        })
        .from(contentBlocks)
        .where(eq(contentBlocks.brand, brand))
        .orderBy(asc(contentBlocks.position), asc(contentBlocks.id));
    },

    async findReferralContent(brand: Brand) {
      const [row] = await db
        .select({
          title: referralContent.title,
          description: referralContent.description,
          howItWorks: referralContent.howItWorks,
        })
        .from(referralContent)
        .where(eq(referralContent.brand, brand));
      return row ?? null;
    },

    async countLiveArticles(now: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(articles).where(liveAt(now));
      return row?.n ?? 0;
    },

    listLiveArticles(now: Date, offset: number, limit: number) {
      return db
        .select({ ...articleSummaryColumns, body: articles.body })
        .from(articles)
        .where(liveAt(now))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit)
        .offset(offset);
    },

    async findLiveArticle(slug: string, now: Date) {
      const [row] = await db
        .select({ ...articleSummaryColumns, body: articles.body })
        .from(articles)
        .where(and(eq(articles.slug, slug), liveAt(now)));
      return row ?? null;
    },
  };
}

/** Published, and not scheduled for later than `now`. */
function liveAt(now: Date) {
  return and(eq(articles.isPublished, true), lte(articles.publishedAt, now));
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
