import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_DETAILS } from '../../../domain/checkout/addons.ts';
import { isContentBlockIcon } from '../../../domain/content/value-icons.ts';
import {
  ORDER_FILES_NOTICE_DAYS,
  ORDER_FILES_RETENTION_DAYS,
  UNPAID_ORDER_CANCEL_DAYS,
} from '../../../domain/orders/retention.ts';
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

  it('states the privacy policy’s storage periods, erasure and logs as the product does them', () => {
    const privacy = POLICY_TERMS.find((t) => t.name === PRIVACY_POLICY);
    const section = (name: RegExp) => privacy?.sections.find((s) => name.test(s.name))?.description ?? '';
    const use = section(/log files/);
    // The retention sweep's figures (decision 0120), not "deleted on request".
    expect(use).toContain(`deleted automatically ${ORDER_FILES_RETENTION_DAYS} days after the order closes`);
    expect(use).toContain('(completed, refunded or cancelled)');
    expect(use).toContain(`we e-mail you ${ORDER_FILES_NOTICE_DAYS} days before`);
    // An unpaid order is cancelled by the same sweep (decision 0178), and the customer e-mailed.
    expect(use).toContain(
      `An order left unpaid, with nothing added or changed for ${UNPAID_ORDER_CANCEL_DAYS} days, is cancelled automatically, and we e-mail you when it is.`,
    );
    expect(use).toContain('is deleted after 24 hours');
    // The server writes its log to its host; nothing of ours deletes it after a period, and it
    // holds the request's path, time and address (http/request-log.ts), not browsers or clicks.
    const log = use.split('\n\n').find((paragraph) => paragraph.includes('server log')) ?? '';
    expect(log).toContain('your internet protocol (IP) address');
    expect(log).not.toMatch(/delete|\bdays\b|browser type|number of clicks|referring/);
    const gdpr = section(/GDPR/);
    // Erasure deletes a completed order's answers and documents; only the transaction record stays.
    expect(gdpr).not.toMatch(/kept for as long as the law requires, even after an erasure request/);
    expect(gdpr).toContain('the answers, documents and photos of every order, completed ones too');
    expect(gdpr).toContain('without your name, e-mail or address');
    for (const rights of [gdpr, section(/CCPA/)]) {
      expect(rights).toContain('yourself in the **Your data** section of your [profile](/profile)');
      expect(rights).toContain('support@sevadocs.example');
    }
  });

  it('promises in the terms the Expedite add-on’s own day, not the same day', () => {
    const terms = POLICY_TERMS.find((t) => t.name === TERMS_OF_USE);
    const timelines = terms?.sections.find((s) => s.name === 'Timelines and delivery')?.description ?? '';
    expect(ADDON_DETAILS.Expedite.subText).toContain('within one business day');
    expect(timelines).toContain('or within one business day when you choose the Expedite add-on');
    expect(timelines).not.toMatch(/same day/);
  });

  it('says in the terms that the application is submitted, never that we submit or file it (the customer posts it)', () => {
    const terms = POLICY_TERMS.find((t) => t.name === TERMS_OF_USE);
    const text = (name: string) => terms?.sections.find((s) => s.name === name)?.description ?? '';
    for (const section of terms?.sections ?? []) {
      expect(section.description, section.name).not.toMatch(/\bwe (submit|file)\b|before submitting|and file it again/);
    }
    expect(text('Cancellations and refunds')).toContain(
      'You may cancel an order at any time before your application is submitted to the authorities.',
    );
    // The refund facts stay as they were.
    expect(text('Cancellations and refunds')).toContain(
      'Once we have prepared your forms, our service fee is non-refundable, but unspent government and third-party fees are refunded in full.',
    );
    expect(text('Prices, fees and payment')).toContain('we will tell you before your application is submitted');
    expect(text('Liability')).toContain('because of a mistake we made, we prepare it again free of charge');
  });

  it('says in the articles what the product does: the customer files, the surrender goes alone, fees and times as the packages', () => {
    const body = (slug: string) => ARTICLES.find((a) => a.slug === slug)?.body ?? '';
    const eVisa = body('indian-e-visa-for-us-and-canadian-citizens');
    expect(eVisa).not.toMatch(/files it on the official site for you/);
    expect(eVisa).toContain('you then submit the application and pay the government fee on the official site yourself');
    const surrender = body('surrender-certificate-after-us-or-canadian-citizenship');
    expect(surrender).not.toMatch(/files the surrender and your OCI application/);
    expect(surrender).not.toMatch(/\bfiles\b/);
    // The package's fee for those naturalised before June 2010: $40 from 1 July 2026, $25 before.
    const before2010 = CATALOG.find((s) => s.slug === 'renunciation-of-indian-passport')
      ?.packages.find((p) => p.slug === 'surrender-certificate-before-june-2010')
      ?.prices.find((p) => p.applyingFrom === 'US');
    expect(before2010?.governmentFeeCents).toBe(4000);
    expect(surrender).toContain('| On or before 31 May 2010 | $40 + ICWF $3 ($25 until 30 June 2026) |');
    const oci = body('oci-card-documents-checklist');
    expect(oci).not.toMatch(/you can file both together/);
    expect(oci).toContain('the OCI file goes in once the surrender certificate is issued');
    expect(oci).toContain('**six to ten weeks** in the USA and **six to eight weeks** in Canada');
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
