import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { REFERRAL_DISCOUNT_CENTS, REFERRAL_REWARD_CENTS } from '../../../domain/checkout/referral.ts';
import type { Brand } from '../../../domain/config/site.ts';
import { readingMinutes } from '../../../domain/content/reading-time.ts';
import { referralLink } from '../../../domain/content/referral.ts';
import type {
  AboutContent,
  Article,
  ArticleSummary,
  BrandContent,
  ContentBlock,
  FaqGroup,
  PolicyTerm,
  ReferEarn,
  ReferralContent,
  TermPage,
} from '../../../domain/content/schemas.ts';
import type { Database } from '../../db/client.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { createAboutAdmin } from './about-admin.ts';
import { createContentAdmin } from './admin.ts';
import { headingId, renderMarkdown } from './markdown.ts';
import { createContentRepository } from './repository.ts';

export interface ContentServiceDeps {
  /** The services articles belong to, and the FAQs (the catalog module owns them). */
  catalog: Pick<CatalogService, 'listServices' | 'listFaqs'>;
  /** The public origin, for referral links. */
  siteUrl: string;
  now?: () => Date;
  /** The back office's changes are audited here (decisions 0072, 0075) and team photos kept in `storage`. */
  audit?: Pick<AuditLog, 'record'>;
  storage?: Pick<FileStorage, 'delete'>;
  /**
   * The one content-changed hook (lib/content-changes.ts): the back office's edits fire it so the
   * page cache of every process drops what it shows. This service keeps no read cache of its own.
   */
  changes: Pick<ContentChanges, 'changed'>;
}

const ALL_SERVICES = { page: 1, limit: 100 };

/** About, policy terms, brand blocks, referral content, articles and FAQs: read-only site content. */
export function createContentService(
  db: Database,
  { catalog, siteUrl, now = () => new Date(), audit, storage, changes }: ContentServiceDeps,
) {
  const repository = createContentRepository(db);
  const adminDeps = {
    audit: audit ?? {
      record: async () => {
        throw new Error('content service built without an audit log');
      },
    },
    storage: storage ?? { delete: async () => false },
    changed: changes.changed,
  };
  const admin = createContentAdmin(db, adminDeps);
  const aboutAdmin = createAboutAdmin(db, adminDeps);

  async function servicesById() {
    const { results } = await catalog.listServices(ALL_SERVICES);
    return new Map(results.map((s) => [s.id, { name: s.name, slug: s.slug }]));
  }

  return {
    ...admin,
    ...aboutAdmin,
    /** Every live policy term with its sections in order (GET /terms-condition/terms). */
    async listTerms(): Promise<PolicyTerm[]> {
      const [terms, sections] = await Promise.all([repository.listTerms(), repository.listSections()]);
      return terms.map((term) => ({ ...term, sections: sections.filter((s) => s.termId === term.id) }));
    },

    /** One term by its exact name, or null. */
    async findTerm(name: string): Promise<PolicyTerm | null> {
      return (await this.listTerms()).find((t) => t.name === name) ?? null;
    },

    /** The terms as pages show them: Markdown rendered to safe HTML, sections numbered with anchors. */
    async listTermPages(): Promise<TermPage[]> {
      return (await this.listTerms()).map((term) => ({
        id: term.id,
        name: term.name,
        html: renderMarkdown(term.description).html,
        updatedAt: new Date(
          Math.max(term.updatedAt.getTime(), ...term.sections.map((s) => s.updatedAt.getTime())),
        ).toISOString(),
        sections: term.sections.map((section, i) => ({
          id: section.id,
          number: i + 1,
          name: section.name,
          anchor: `${i + 1}-${headingId(section.name)}`,
          html: renderMarkdown(section.description).html,
        })),
      }));
    },

    async getAbout(): Promise<AboutContent> {
      const [blocks, team] = await Promise.all([repository.listBlocks('SEVADOCS'), repository.listTeam()]);
      const of = (kind: ContentBlock['kind']) => blocks.filter((b) => b.kind === kind);
      return { story: of('story'), team, vision: of('vision'), values: of('value') };
    },

    async getBrandContent(brand: Brand): Promise<BrandContent> {
      return { brand, blocks: await repository.listBlocks(brand) };
    },

    async getReferralContent(): Promise<ReferralContent | null> {
      const row = await repository.findReferralContent('REFERRAL');
      return row ? { title: row.title, description: row.description, howItsWorksData: row.howItWorks } : null;
    },

    /** The referral programme, plus the user's own code and link when someone is signed in. */
    async getReferEarn(user: { referralCode: string } | null): Promise<ReferEarn | null> {
      const content = await this.getReferralContent();
      if (!content) return null;
      return {
        content,
        friendDiscountCents: REFERRAL_DISCOUNT_CENTS,
        giftCardCents: REFERRAL_REWARD_CENTS,
        referral: user ? { code: user.referralCode, link: referralLink(siteUrl, user.referralCode) } : null,
      };
    },

    async listArticles({ page, limit }: Pagination): Promise<ListData<ArticleSummary>> {
      const at = now();
      const [totalCount, rows] = await Promise.all([
        repository.countLiveArticles(at),
        repository.listLiveArticles(at, (page - 1) * limit, limit),
      ]);
      const results = rows.map(({ body, serviceId: _serviceId, ...row }) => ({
        ...row,
        readingMinutes: readingMinutes(body),
      }));
      return { results, totalCount, page, limit };
    },

    async getArticle(slug: string): Promise<Article | null> {
      const row = await repository.findLiveArticle(slug, now());
      if (!row) return null;
      const { serviceId, ...article } = row;
      const service = serviceId === null ? null : ((await servicesById()).get(serviceId) ?? null);
      return { ...article, readingMinutes: readingMinutes(row.body), html: renderMarkdown(row.body).html, service };
    },

    /** Slugs and dates of every live article, for sitemap.xml. */
    async listArticleSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
      const at = now();
      const total = await repository.countLiveArticles(at);
      const rows = await repository.listLiveArticles(at, 0, Math.max(total, 1));
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt }));
    },

    /** FAQs grouped by service in the catalog's order, general questions first; empty groups left out. */
    async listFaqGroups(): Promise<FaqGroup[]> {
      const groups = new Map<number | null, FaqGroup>();
      for (const faq of (await catalog.listFaqs()) ?? []) {
        let group = groups.get(faq.serviceId);
        if (!group) {
          const service =
            faq.serviceId === null || faq.serviceName === null || faq.serviceSlug === null
              ? null
              : { name: faq.serviceName, slug: faq.serviceSlug };
          group = { service, items: [] };
          groups.set(faq.serviceId, group);
        }
        group.items.push({ id: faq.id, question: faq.question, answer: faq.answer });
      }
      const general = groups.get(null);
      return [...(general ? [general] : []), ...[...groups.values()].filter((g) => g !== general)];
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
