import { count, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  articles,
  banners,
  contentBlocks,
  offers,
  partnerServices,
  policyTerms,
  referralContent,
  services,
  teamMembers,
  termSections,
} from '../schema.ts';
import { ARTICLES, CONTENT_BLOCKS, POLICY_TERMS, REFERRAL_CONTENT, TEAM } from './content-data.ts';
import { BANNERS, OFFERS, PARTNER_SERVICES } from './marketing-data.ts';

type Table =
  | typeof policyTerms
  | typeof teamMembers
  | typeof contentBlocks
  | typeof referralContent
  | typeof articles
  | typeof offers
  | typeof banners
  | typeof partnerServices;

async function isEmpty(db: Database, table: Table): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Site content (SPEC.md §2 content screens): each table is filled only while it is empty, so
 * a restart never duplicates rows or undoes what staff changed.
 */
export async function seedContent(db: Database): Promise<void> {
  if (await isEmpty(db, policyTerms)) {
    await db.transaction(async (tx) => {
      for (const [position, term] of POLICY_TERMS.entries()) {
        const [inserted] = await tx
          .insert(policyTerms)
          .values({ name: term.name, description: term.description, position })
          .returning({ id: policyTerms.id });
        if (!inserted) throw new Error(`could not insert the term ${term.name}`);
        await tx
          .insert(termSections)
          .values(term.sections.map((section, i) => ({ ...section, termId: inserted.id, position: i })));
      }
    });
  }
  if (await isEmpty(db, teamMembers)) {
    await db.insert(teamMembers).values(TEAM.map((member, position) => ({ ...member, position })));
  }
  if (await isEmpty(db, contentBlocks)) {
    await db.insert(contentBlocks).values(CONTENT_BLOCKS.map((block, position) => ({ ...block, position })));
  }
  if (await isEmpty(db, referralContent)) {
    await db.insert(referralContent).values(REFERRAL_CONTENT);
  }
  if (await isEmpty(db, articles)) {
    const slugs = ARTICLES.flatMap((a) => (a.serviceSlug ? [a.serviceSlug] : []));
    const rows =
      slugs.length > 0
        ? await db.select({ id: services.id, slug: services.slug }).from(services).where(inArray(services.slug, slugs))
        : [];
    const serviceIds = new Map(rows.map((r) => [r.slug, r.id]));
    await db.insert(articles).values(
      ARTICLES.map(({ serviceSlug, publishedAt, ...article }) => ({
        ...article,
        serviceId: serviceSlug ? (serviceIds.get(serviceSlug) ?? null) : null,
        publishedAt: new Date(publishedAt),
      })),
    );
  }
}

/** Offers, the home popup banner and partner services, each while its table is empty. */
export async function seedMarketing(db: Database): Promise<void> {
  if (await isEmpty(db, offers)) {
    await db.insert(offers).values(OFFERS.map((offer, position) => ({ ...offer, position })));
  }
  if (await isEmpty(db, banners)) {
    await db.insert(banners).values(BANNERS.map((banner, position) => ({ ...banner, position })));
  }
  if (await isEmpty(db, partnerServices)) {
    await db.insert(partnerServices).values(PARTNER_SERVICES.map((partner, position) => ({ ...partner, position })));
  }
}
