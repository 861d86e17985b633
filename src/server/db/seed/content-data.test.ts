import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isContentBlockIcon } from '../../../domain/content/value-icons.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import {
  articles,
  banners,
  contentBlocks,
  offers,
  partnerServices,
  policyTerms,
  teamMembers,
  termSections,
} from '../schema.ts';
import { CATALOG } from './catalog-data.ts';
import { seedContent, seedMarketing } from './content.ts';
import {
  ARTICLES,
  CONTENT_BLOCKS,
  POLICY_TERMS,
  PRIVACY_POLICY,
  REFERRAL_CONTENT,
  TEAM,
  TERMS_OF_USE,
} from './content-data.ts';
import { BANNERS, OFFERS, PARTNER_SERVICES } from './marketing-data.ts';

const publicDir = fileURLToPath(new URL('../../../../public/media/', import.meta.url));

/** Every string the seed stores, for the copy checks. */
const allText = JSON.stringify([
  POLICY_TERMS,
  TEAM,
  CONTENT_BLOCKS,
  REFERRAL_CONTENT,
  ARTICLES,
  OFFERS,
  BANNERS,
  PARTNER_SERVICES,
]);

describe('seeded site copy', () => {
  it('has no placeholder text', () => {
    expect(allText).not.toMatch(/lorem|ipsum|2liner|placeholder|TODO|TBD|xxx/i);
  });

  it('has Terms of Use and Privacy Policy and Cookies with sections, the privacy ones in SPEC.md §2 order', () => {
    expect(POLICY_TERMS.map((t) => t.name)).toEqual([TERMS_OF_USE, PRIVACY_POLICY]);
    const privacy = POLICY_TERMS.find((t) => t.name === PRIVACY_POLICY);
    const topics = [
      /consent/i,
      /information we collect/i,
      /use .*information and log files/i,
      /cookies/i,
      /advertising partners/i,
      /third-party privacy policies/i,
      /CCPA/,
      /GDPR/,
      /children/i,
    ];
    expect(privacy?.sections.length).toBe(topics.length);
    for (const [i, section] of (privacy?.sections ?? []).entries()) expect(section.name).toMatch(topics[i] as RegExp);
    expect(JSON.stringify(privacy)).toContain('we have one month to respond to you');
    const terms = POLICY_TERMS.find((t) => t.name === TERMS_OF_USE);
    expect(terms?.sections.length).toBeGreaterThanOrEqual(10);
    for (const term of POLICY_TERMS)
      for (const s of term.sections) expect(s.description.length, s.name).toBeGreaterThan(120);
  });

  it('states the referral programme as SPEC.md §1 does, in three steps', () => {
    expect(REFERRAL_CONTENT.howItWorks).toHaveLength(3);
    expect(REFERRAL_CONTENT.description).toContain('$5 on our processing fees');
    expect(REFERRAL_CONTENT.description).toContain('$5 gift card from an online retailer');
  });

  it('has the story, the vision and the four values with icons from the sprite', () => {
    const docs = CONTENT_BLOCKS.filter((b) => b.brand === 'SEVADOCS');
    expect(docs.filter((b) => b.kind === 'story').map((b) => b.title)).toEqual(['Our Story']);
    expect(docs.filter((b) => b.kind === 'vision').map((b) => b.title)).toEqual(['Our Vision']);
    expect(docs.filter((b) => b.kind === 'value').map((b) => b.title)).toEqual([
      'Empathy',
      'Transparency',
      'Accuracy',
      'Balanced Approach',
    ]);
    for (const block of CONTENT_BLOCKS.filter((b) => b.icon))
      expect(isContentBlockIcon(block.icon), block.title).toBe(true);
    // The SPEC.md §1 claims the story tells.
    const story = docs.find((b) => b.kind === 'story')?.description ?? '';
    for (const claim of ['2020', '15,000', '98%', '16,600']) expect(story).toContain(claim);
  });

  it('has at least three substantial articles linked to real services', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(3);
    const slugs = new Set(CATALOG.map((s) => s.slug));
    for (const article of ARTICLES) {
      expect(article.body.split(/\s+/).length, article.slug).toBeGreaterThan(280);
      expect(article.body, article.slug).toMatch(/^## /m);
      if (article.serviceSlug) expect(slugs.has(article.serviceSlug), article.slug).toBe(true);
      for (const [, path] of article.body.matchAll(/\]\((\/[a-z0-9-]*)\)/g)) {
        expect(slugs.has((path ?? '').slice(1)), `${article.slug} links to ${path}`).toBe(true);
      }
    }
    const fees = ARTICLES.find((a) => a.slug === 'indian-passport-renewal-fees-july-2026');
    expect(fees?.body).toContain('| Adult, 36 pages (10-year validity) | $75 | **$125** |');
  });

  it('refers only to images that exist under /public/media', () => {
    const images = [
      ...TEAM.map((m) => m.image),
      ...CONTENT_BLOCKS.map((b) => b.image),
      ...BANNERS.map((b) => b.bannerImage),
      ...PARTNER_SERVICES.map((p) => p.logo),
    ].filter((image): image is string => image !== null);
    for (const image of images) expect(existsSync(`${publicDir}${image}`), image).toBe(true);
    expect(
      TEAM.some((m) => m.image === null),
      'a member without a portrait shows the fallback',
    ).toBe(true);
  });

  it('has one banner with a link and button text, active offers and partner services', () => {
    expect(BANNERS[0]).toMatchObject({ link: '/oci-card', buttonText: 'Start your OCI application' });
    expect(OFFERS.filter((o) => o.isActive).length).toBeGreaterThanOrEqual(3);
    expect(PARTNER_SERVICES.length).toBeGreaterThanOrEqual(3);
  });

  it('words the FIRST10 offer as the coupon counts it: all our fees, add-ons too, never the government fee', () => {
    // couponDiscountCents takes its share of our whole fee (service fee, add-ons, convenience fee).
    const offer = OFFERS.find((o) => o.title.startsWith('FIRST10'));
    expect(offer?.description).toContain('10% off our fees (the service fee and any add-ons)');
    expect(offer?.description).toContain('Government fees are not discounted.');
    expect(offer?.description).not.toContain('off our service fee');
  });
});

describe('seedContent and seedMarketing', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function countOf(table: PgTable): Promise<number> {
    const [row] = await database.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  }

  it('seeded every table once, and running again adds nothing and keeps staff edits', async () => {
    const tables = [
      policyTerms,
      termSections,
      teamMembers,
      contentBlocks,
      articles,
      offers,
      banners,
      partnerServices,
    ] as const;
    const before = await Promise.all(tables.map((t) => countOf(t)));
    expect(before.every((n) => n > 0)).toBe(true);
    await database.db.update(offers).set({ title: 'Edited by staff' }).where(eq(offers.position, 0));
    await seedContent(database.db);
    await seedMarketing(database.db);
    expect(await Promise.all(tables.map((t) => countOf(t)))).toEqual(before);
    const [edited] = await database.db.select().from(offers).where(eq(offers.position, 0));
    expect(edited?.title).toBe('Edited by staff');
  });

  it('rewords FIRST10 where a shop seeded before decision 0166 still says "our service fee" (migration 0061), and only there', async () => {
    const oldOffer =
      'Enter FIRST10 at checkout for 10% off our service fee, once per customer. Government fees are not discounted.';
    await database.db.update(offers).set({ description: oldOffer }).where(eq(offers.position, 0));
    await database.db.update(offers).set({ description: 'Reworded by staff' }).where(eq(offers.position, 1));
    const [before1] = await database.db.select().from(offers).where(eq(offers.position, 1));
    const migration = readFileSync(
      fileURLToPath(new URL('../migrations/0061_first10_wording.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
    const [first] = await database.db.select().from(offers).where(eq(offers.position, 0));
    expect(first?.description).toBe(OFFERS[0]?.description);
    const [other] = await database.db.select().from(offers).where(eq(offers.position, 1));
    expect(other?.description).toBe(before1?.description);
  });

  it('links articles to their services', async () => {
    const rows = await database.db.select({ slug: articles.slug, serviceId: articles.serviceId }).from(articles);
    expect(rows.every((r) => r.serviceId !== null)).toBe(true);
  });
});
