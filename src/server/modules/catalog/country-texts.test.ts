import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicePageContent } from '../../../domain/catalog/catalog-content.ts';
import { contentForChoices } from '../../../domain/catalog/choice-text.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { priceFor, resolveChoices } from '../../../domain/catalog/pricing.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { packageTexts, processSteps } from './tables.ts';

/**
 * Issue 17 point 5: a page for one country says only what is true for that country. What would
 * betray the other country's text on it: its application centre, its currency, its documents.
 */
const FOREIGN: Record<'US' | 'CA', RegExp[]> = {
  US: [/\bBLS\b/, /Canad(a|ian)/, /CA\$/, /\bPR cards?\b/, /record of landing|landing (paper|document)/i],
  CA: [
    /\bVFS\b/,
    /\bUSA\b/,
    /United States/,
    /green card/i,
    /I-797/,
    /\bUS (citizens?|nationals?|passports?|status|address|one)\b/,
    /(^|[^A-Z])\$\d/, // a US-dollar amount: Canadian ones read CA$, and US$ names itself
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function pageContent(slug: string): Promise<ServicePageContent> {
  const res = await t.app.inject({ url: `/api/v1/services/slug/${slug}/content` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Every text a service page for these choices shows (as ServicePageBody renders it). */
function shownText(all: ServicePageContent, choices: ParameterChoices): string[] {
  const content = contentForChoices(all, choices);
  const { service } = content;
  const rows = [
    ...content.steps,
    ...content.details,
    ...Object.values(content.packageSteps).flat(),
    ...Object.values(content.packageDetails).flat(),
  ];
  return [
    service.description,
    ...service.packages.flatMap((pkg) =>
      priceFor(pkg.prices, choices)
        ? [pkg.description, pkg.processingTime, pkg.feeNote ?? '', ...pkg.features, ...pkg.documents]
        : [pkg.description],
    ),
    ...rows.flatMap((r) => [r.title, r.description]),
    ...Object.values(content.timelines)
      .flat()
      .flatMap((e) => [e.title, e.description, e.duration]),
    ...content.faqs.flatMap((f) => [f.question, f.answer]),
  ];
}

describe('service pages true to the chosen country (fresh install)', () => {
  it('show, for each country, no text of the other country', async () => {
    const services = (await t.app.inject({ url: '/api/v1/services?limit=100' })).json().data.results as {
      slug: string;
    }[];
    let pages = 0;
    for (const { slug } of services) {
      const content = await pageContent(slug);
      const { parameters, parameterOptions } = content.service;
      const country = parameters.find((p) => p === 'applyingFrom' || p === 'citizenship');
      if (!country) continue;
      for (const code of parameterOptions[country] ?? []) {
        if (code !== 'US' && code !== 'CA') continue;
        const choices = resolveChoices(parameters, parameterOptions, { [country]: code });
        const found = shownText(content, choices).flatMap((text) =>
          FOREIGN[code].filter((p) => p.test(text)).map((p) => `${slug}/${code.toLowerCase()}: ${p} in "${text}"`),
        );
        expect(found).toEqual([]);
        pages += 1;
      }
    }
    expect(pages).toBe(12);
  });

  it("words the priced packages for the country: the OCI card's processing time, centre and fee note", async () => {
    const oci = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    const priced = async (query: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/packages/${oci.id}?${query}` });
      expect(res.statusCode).toBe(200);
      return (
        res.json().data as { slug: string; processingTime: string; features: string[]; feeNote: string | null }[]
      ).find((p) => p.slug === 'new-oci-card');
    };
    const ca = await priced('applyingFrom=CA');
    expect(ca).toMatchObject({
      processingTime: 'Usually 6–8 weeks after BLS International receives the file',
      feeNote: null,
    });
    expect(ca?.features).toContain('BLS International appointment and checklist');
    const us = await priced('applyingFrom=US');
    expect(us?.processingTime).toBe('Usually 6–10 weeks after VFS Global receives the file');
    expect(us?.feeNote).toMatch(/\$20 reference fee/);
    expect(us).not.toHaveProperty('texts');
  });

  it('says "per applicant" of per-person packages only, and the photo has no government fee to show', async () => {
    const oci = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    expect(oci.packages.every((p: { perApplicant: boolean }) => p.perApplicant)).toBe(true);
    const photo = (await t.app.inject({ url: '/api/v1/services/slug/photo-enhancement' })).json().data;
    expect(photo.packages.some((p: { perApplicant: boolean }) => p.perApplicant)).toBe(false);
    const poa = (await t.app.inject({ url: '/api/v1/services/slug/power-of-attorney' })).json().data;
    expect(poa.packages.some((p: { perApplicant: boolean }) => p.perApplicant)).toBe(false);
  });
});

describe('seeding per-country texts', () => {
  it('fills package texts on an install made before they existed, and leaves its other content alone', async () => {
    const { db } = t.database;
    const [before] = await db.select({ n: count() }).from(packageTexts);
    expect(before?.n).toBeGreaterThan(20);
    const [step] = await db.select({ id: processSteps.id }).from(processSteps).limit(1);
    if (!step) throw new Error('no process step seeded');
    await db.update(processSteps).set({ title: 'Edited by staff' }).where(eq(processSteps.id, step.id));
    await db.delete(packageTexts);

    await seedDatabase(db);
    const [after] = await db.select({ n: count() }).from(packageTexts);
    expect(after?.n).toBe(before?.n);
    const [kept] = await db
      .select({ title: processSteps.title })
      .from(processSteps)
      .where(eq(processSteps.id, step.id));
    expect(kept?.title).toBe('Edited by staff');

    await seedDatabase(db);
    const [again] = await db.select({ n: count() }).from(packageTexts);
    expect(again?.n).toBe(before?.n);
  });
});
