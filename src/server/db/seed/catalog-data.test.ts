import dynamicIconImports from 'lucide-react/dynamicIconImports';
import { describe, expect, it } from 'vitest';
import { ADDON_TYPES } from '../../../domain/catalog/addons.ts';
import { pricesOnDay } from '../../../domain/catalog/fee-schedule.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { SERVICE_PARAMETERS } from '../../../domain/catalog/parameters.ts';
import { FOOTER_SERVICE_LINKS } from '../../../domain/config/footer-links.ts';
import { CENTRE_PROVIDERS } from '../../../domain/jurisdiction/jurisdiction.ts';
import { photoPackageCents } from '../../../domain/photos/catalog-prices.ts';
import {
  ADDON_PRICES,
  bankCharge,
  CATALOG,
  FROM_CA,
  FROM_US,
  type SeedPrice,
  type SeedService,
  seedPriceRows,
} from './catalog-data.ts';

const CURRENCY_BY_COUNTRY: Record<string, string> = { US: 'USD', CA: 'CAD' };
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const allPackages = CATALOG.flatMap((service) => service.packages.map((pkg) => ({ service, pkg })));
const allPrices = allPackages.flatMap(({ service, pkg }) => pkg.prices.map((price) => ({ service, pkg, price })));
const label = (service: SeedService, pkgSlug: string, price?: SeedPrice) =>
  `${service.slug}/${pkgSlug}${price ? ` ${price.applyingFrom ?? ''}${price.citizenship ?? ''}` : ''}`;

function priceOf(serviceSlug: string, packageSlug: string, choices: Partial<SeedPrice>): SeedPrice {
  const pkg = CATALOG.find((s) => s.slug === serviceSlug)?.packages.find((p) => p.slug === packageSlug);
  const price = pkg?.prices.find((p) =>
    Object.entries(choices).every(([key, value]) => p[key as keyof SeedPrice] === value),
  );
  if (!price) throw new Error(`no price for ${serviceSlug}/${packageSlug} ${JSON.stringify(choices)}`);
  return price;
}

describe('seeded catalog', () => {
  it('has unique, URL-safe service slugs and unique package slugs within each service', () => {
    const slugs = CATALOG.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const service of CATALOG) {
      expect(service.slug).toMatch(SLUG);
      const packageSlugs = service.packages.map((p) => p.slug);
      expect(new Set(packageSlugs).size, service.slug).toBe(packageSlugs.length);
      for (const slug of packageSlugs) expect(slug, service.slug).toMatch(SLUG);
    }
  });

  it('lists the footer’s five services under the footer’s names and slugs', () => {
    for (const link of FOOTER_SERVICE_LINKS) {
      expect(CATALOG.find((s) => s.name === link.name)?.slug, link.name).toBe(link.id);
    }
  });

  it('gives every service at least two packages, known icons and parameters with options', () => {
    for (const service of CATALOG) {
      expect(service.packages.length, service.slug).toBeGreaterThanOrEqual(2);
      expect(Object.keys(dynamicIconImports), service.slug).toContain(service.icon);
      expect(new Set(service.parameters).size, service.slug).toBe(service.parameters.length);
      for (const parameter of service.parameters) {
        expect(SERVICE_PARAMETERS, service.slug).toContain(parameter);
        expect(service.parameterOptions[parameter]?.length, `${service.slug} ${parameter}`).toBeGreaterThan(0);
      }
      expect(Object.keys(service.parameterOptions).sort(), service.slug).toEqual([...service.parameters].sort());
    }
  });

  it('gives every package real copy, 3–5 features, documents, valid add-ons and at least one price', () => {
    for (const { service, pkg } of allPackages) {
      const where = label(service, pkg.slug);
      expect(pkg.prices.length, where).toBeGreaterThanOrEqual(1);
      expect(pkg.features.length, where).toBeGreaterThanOrEqual(3);
      expect(pkg.features.length, where).toBeLessThanOrEqual(5);
      expect(pkg.documents.length, where).toBeGreaterThanOrEqual(1);
      expect(pkg.processingTime.trim(), where).not.toBe('');
      for (const addon of pkg.addons) expect(ADDON_TYPES, where).toContain(addon);
      for (const text of [service.summary, service.description, pkg.description]) {
        expect(text, where).not.toMatch(/lorem|ipsum|2liner|TODO/i);
      }
    }
  });

  it('writes per-country texts for choices the service offers, once each, with real copy', () => {
    for (const { service, pkg } of allPackages) {
      const where = label(service, pkg.slug);
      const keys = pkg.texts.map((t) => JSON.stringify(t.appliesTo));
      expect(new Set(keys).size, where).toBe(keys.length);
      for (const text of pkg.texts) {
        for (const [parameter, value] of Object.entries(text.appliesTo)) {
          expect(service.parameters, where).toContain(parameter);
          expect(service.parameterOptions[parameter as keyof typeof service.parameterOptions], where).toContain(value);
        }
        if (text.features) {
          expect(text.features.length, where).toBeGreaterThanOrEqual(3);
          expect(text.features.length, where).toBeLessThanOrEqual(5);
        }
        if (text.documents) expect(text.documents.length, where).toBeGreaterThanOrEqual(1);
        for (const copy of [text.description, text.processingTime, text.feeNote]) {
          if (copy !== undefined) expect(copy.trim(), where).not.toBe('');
        }
      }
    }
  });

  it('prices each package once per parameter combination, using exactly the service’s parameters', () => {
    for (const { service, pkg } of allPackages) {
      const combos = pkg.prices.map((price) => SERVICE_PARAMETERS.map((p) => price[p] ?? '').join('|'));
      expect(new Set(combos).size, label(service, pkg.slug)).toBe(combos.length);
    }
    for (const { service, pkg, price } of allPrices) {
      const where = label(service, pkg.slug, price);
      for (const parameter of SERVICE_PARAMETERS) {
        const value = price[parameter] ?? null;
        if (service.parameters.includes(parameter)) {
          expect(service.parameterOptions[parameter], `${where} ${parameter}`).toContain(value);
        } else {
          expect(value, `${where} ${parameter}`).toBeNull();
        }
      }
    }
  });

  it('charges in the currency of the country priced (US → USD, CA → CAD, no country → USD)', () => {
    for (const { service, pkg, price } of allPrices) {
      const country = price.applyingFrom ?? price.citizenship ?? 'US';
      expect(price.currency, label(service, pkg.slug, price)).toBe(CURRENCY_BY_COUNTRY[country]);
    }
  });

  it('keeps every amount in non-negative whole cents, with labelled fee lines and sources', () => {
    const cents = (n: number | null | undefined) => n === null || n === undefined || (Number.isInteger(n) && n >= 0);
    for (const { service, pkg, price } of allPrices) {
      const where = label(service, pkg.slug, price);
      expect(cents(price.governmentFeeCents), where).toBe(true);
      expect(cents(price.serviceFeeCents), where).toBe(true);
      expect(cents(price.compareAtServiceFeeCents), where).toBe(true);
      if (price.compareAtServiceFeeCents != null) {
        expect(price.compareAtServiceFeeCents, where).toBeGreaterThan(price.serviceFeeCents);
      }
      for (const fee of price.mandatoryFees) {
        expect(fee.label.trim(), where).not.toBe('');
        expect(cents(fee.amountCents) && fee.amountCents > 0, `${where} ${fee.label}`).toBe(true);
      }
      expect(price.sources, where).toMatch(/^K\d+(,K\d+)*$/);
    }
    for (const addon of ADDON_PRICES) expect(cents(addon.amountCents), addon.addon).toBe(true);
  });

  it('adds the 2.5% bank charge to every e-Visa price', () => {
    for (const { service, pkg, price } of allPrices.filter((p) => p.service.slug === 'indian-visa')) {
      expect(price.mandatoryFees, label(service, pkg.slug, price)).toContainEqual(bankCharge(price.governmentFeeCents));
    }
    expect(bankCharge(2500)).toEqual({ label: 'Bank charge (2.5%)', amountCents: 63 });
  });

  it('prices the 30-day e-Visa for US citizens at the spec’s $12 service fee, was $24', () => {
    const price = priceOf('indian-visa', 'e-tourist-30-days', { citizenship: 'US', destination: 'IN' });
    expect(price).toMatchObject({ currency: 'USD', serviceFeeCents: 1200, compareAtServiceFeeCents: 2400 });
  });

  /** A seed price's rows with ids, as the catalog reads them on `day`: the row in force and the next change. */
  const onDay = (price: SeedPrice, day: string) =>
    pricesOnDay(
      seedPriceRows(price).map((r, id) => ({
        ...r,
        id,
        applyingFrom: r.applyingFrom ?? null,
        citizenship: r.citizenship ?? null,
        destination: r.destination ?? null,
        effectiveFrom: r.effectiveFrom ?? null,
        feesPaidOnPortal: r.feesPaidOnPortal ?? false,
      })),
      day,
    );

  it('keeps today’s prices (29 November 2026) the ones the pages showed before fees had dates', () => {
    for (const { service, pkg, price } of allPrices) {
      const [inForce, ...more] = onDay(price, '2026-11-29');
      expect(more, label(service, pkg.slug, price)).toEqual([]);
      expect(inForce?.id, label(service, pkg.slug, price)).toBe(0);
    }
  });

  it('keeps the passport fees before the 2026 rules as history: a US minor paid $50 until 30 June 2026', () => {
    const price = priceOf('indian-passport-renewal', 'minor', { applyingFrom: 'US' });
    expect(onDay(price, '2026-06-30')[0]).toMatchObject({ governmentFeeCents: 5000, serviceFeeCents: 5900 });
    expect(onDay(price, '2026-07-01')[0]).toMatchObject({ governmentFeeCents: 9000, scheduledChange: null });
    const tatkal = priceOf('indian-passport-renewal', 'tatkal', { applyingFrom: 'US' });
    expect(onDay(tatkal, '2026-06-30')[0]?.mandatoryFees[0]).toEqual({ label: 'Tatkal fee', amountCents: 15000 });
  });

  it('follows the 30-day e-Visa’s seasons, announcing April 2027’s $10 fee with its bank charge', () => {
    const price = priceOf('indian-visa', 'e-tourist-30-days', { citizenship: 'US', destination: 'IN' });
    expect(onDay(price, '2026-11-29')[0]?.scheduledChange).toMatchObject({
      effectiveFrom: '2027-04-01',
      governmentFeeCents: 1000,
      mandatoryFees: [bankCharge(1000)],
    });
    expect(onDay(price, '2027-05-01')[0]).toMatchObject({ governmentFeeCents: 1000 });
    expect(onDay(price, '2027-07-01')[0]).toMatchObject({ governmentFeeCents: 2500, scheduledChange: null });
  });

  it('uses the passport fee in force since 1 July 2026 for a US adult 36-page renewal', () => {
    const price = priceOf('indian-passport-renewal', 'adult-36-pages', { applyingFrom: 'US' });
    expect(price).toMatchObject({ currency: 'USD', governmentFeeCents: 12500 });
    expect(price.isEstimate ?? false).toBe(false);
  });
  it("does not call the New OCI Card adults-only: a family's children apply in the same order (catalog-facts §1: adult or minor)", () => {
    const pkg = allPackages.find((p) => p.pkg.slug === 'new-oci-card')?.pkg;
    const descriptions = [pkg?.description ?? '', ...(pkg?.texts ?? []).map((t) => t.description ?? '')];
    expect(descriptions).toHaveLength(3);
    for (const description of descriptions) {
      expect(description).not.toMatch(/for an adult\b/);
      expect(description).toMatch(/children/);
    }
  });

  it('notes VFS Global’s $20 reference fee on every US OCI package, in the new card’s words (catalog-facts §1, §6)', () => {
    const oci = CATALOG.find((s) => s.slug === 'oci-card');
    const usNote = (slug: string) =>
      oci?.packages
        .find((p) => p.slug === slug)
        ?.texts.find((t) => JSON.stringify(t.appliesTo) === JSON.stringify(FROM_US))?.feeNote;
    const adult =
      'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.';
    expect(usNote('new-oci-card')).toBe(adult);
    expect(usNote('oci-reissue')).toBe(adult);
    expect(usNote('lost-or-damaged-oci')).toBe(adult);
    expect(usNote('oci-card-for-minor')).toBe(
      'If the child holds a passport other than a US one, or has lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
    );
    // Every US OCI package is filed through VFS, so none goes without the note.
    for (const pkg of oci?.packages ?? []) {
      if (pkg.prices.some((p) => p.applyingFrom === 'US'))
        expect(usNote(pkg.slug), pkg.slug).toMatch(/\$20 reference fee/);
    }
  });

  it('names the centre’s return shipping in the fee note of every passport package, for each country it is offered in (catalog-facts §2)', () => {
    const passport = CATALOG.find((s) => s.slug === 'indian-passport-renewal');
    const returnShipping = {
      US: 'If you file by post, VFS Global charges for return shipping on top.',
      CA: 'If you file by post, BLS International charges from CA$20 for the return courier.',
    } as const;
    for (const pkg of passport?.packages ?? []) {
      for (const country of ['US', 'CA'] as const) {
        if (!pkg.prices.some((p) => p.applyingFrom === country)) continue;
        const choices = country === 'US' ? FROM_US : FROM_CA;
        const note = pkg.texts.find((t) => JSON.stringify(t.appliesTo) === JSON.stringify(choices))?.feeNote;
        expect(note, `${pkg.slug} ${country}`).toContain(returnShipping[country]);
      }
    }
  });

  it('says who signs a minor’s OCI application: both parents the declaration and consent, the child only the box under the photo', () => {
    const pkg = CATALOG.find((s) => s.slug === 'oci-card')?.packages.find((p) => p.slug === 'oci-card-for-minor');
    expect(pkg?.description).toContain('Both parents sign the application’s declaration');
    expect(pkg?.description).toContain(
      'in the box under the photo a child of 5 or older signs their own name (never a parent for them)',
    );
    expect(pkg?.description).not.toMatch(/signs too/);
  });

  it('names Annexure C as one parent’s, not both parents’ (a single parent signs it alone)', () => {
    const lines = JSON.stringify(CATALOG);
    expect(lines).not.toContain('Annexure C for a single parent) prepared for both parents');
    expect(lines).toContain('Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)');
  });

  it('claims a lower price than a CVS or Walgreens photo counter only for packages that are cheaper (catalog-facts §7)', () => {
    // CVS $17.99, Walgreens $16.99 with the digital file (K83–K86): the claim must beat the lower.
    const counterCents = Math.min(1799, 1699);
    const photos = CATALOG.find((s) => s.slug === 'photo-enhancement');
    expect(photos?.description).not.toMatch(/you pay less than at a CVS or Walgreens/i);
    expect(photos?.description).toContain(
      'A digital copy, or prints to collect at a store near you, costs less than a CVS or Walgreens photo counter charges; prints mailed to your home cost a little more.',
    );
    expect(photoPackageCents('digital-copy', 'USD')).toBeLessThan(counterCents);
    expect(photoPackageCents('pickup-from-nearest-photo-studio', 'USD')).toBeLessThan(counterCents);
    // Delivered prints ($19.99) are not cheaper, and the text says so.
    expect(photoPackageCents('print-copies-delivered', 'USD')).toBeGreaterThan(counterCents);
  });

  it('promises no PDF conversion of the e-Visa passport scan, and states the portal’s 10–300 KB limit', () => {
    const visa = CATALOG.find((s) => s.slug === 'indian-visa');
    const copy = [
      visa?.description ?? '',
      ...(visa?.packages ?? []).flatMap((p) => [
        p.description,
        ...p.features,
        ...p.texts.flatMap((t) => [t.description ?? '', ...(t.features ?? [])]),
      ]),
    ];
    for (const text of copy)
      expect(text).not.toMatch(/passport scan (resized|to its upload rules)|resize your photo and passport scan/i);
    expect(visa?.description).toContain(
      'We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.',
    );
  });

  it('prices an additional power-of-attorney executant as the whole package again, and the note says so with its parts', () => {
    const pkg = CATALOG.find((s) => s.slug === 'power-of-attorney')?.packages.find(
      (p) => p.slug === 'property-power-of-attorney',
    );
    expect(pkg?.feeNote).toContain('each additional executant is charged the whole package again');
    for (const [choices, country] of [
      [FROM_US, 'US'],
      [FROM_CA, 'CA'],
    ] as const) {
      const note = pkg?.texts.find((t) => JSON.stringify(t.appliesTo) === JSON.stringify(choices))?.feeNote ?? '';
      const price = priceOf('power-of-attorney', 'property-power-of-attorney', { applyingFrom: country });
      const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
      const parts = [price.governmentFeeCents, ...price.mandatoryFees.map((f) => f.amountCents), price.serviceFeeCents];
      expect(note, country).not.toMatch(/\badds\b/);
      expect(note, country).toContain(`the whole package again, ${money(parts.reduce((a, b) => a + b, 0))}:`);
      for (const cents of parts) expect(note, `${country} ${cents}`).toContain(money(cents));
      // A note naming a centre is read by the print pack as a charge paid there; this one is in the order.
      for (const centre of CENTRE_PROVIDERS) expect(note, country).not.toContain(centre);
    }
  });

  it('says in each Canadian attestation package’s fee note what is refunded when an apostille replaces the attestation', () => {
    for (const slug of ['property-power-of-attorney', 'civil-document-attestation']) {
      const pkg = CATALOG.find((s) => s.slug === 'power-of-attorney')?.packages.find((p) => p.slug === slug);
      const note = pkg?.texts.find((t) => JSON.stringify(t.appliesTo) === JSON.stringify(FROM_CA))?.feeNote ?? '';
      const price = priceOf('power-of-attorney', slug, { applyingFrom: 'CA' });
      const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
      const centreFees = price.mandatoryFees.map((fee) => money(fee.amountCents));
      expect(note, slug).toContain('an apostille takes the place of the consulate’s attestation');
      expect(note, slug).toMatch(/we refund (the|their) /);
      expect(note, slug).toContain(
        `${money(price.governmentFeeCents)} attestation fee and ${centreFees.join(' and ')} to the application centre when you ask on our Request a refund page.`,
      );
      // A note naming a centre is read by the print pack as a charge paid there; these are in the order.
      for (const centre of CENTRE_PROVIDERS) expect(note, slug).not.toContain(centre);
    }
  });

  it('says an apostilled Canadian document needs no consular attestation, and a US one is attested after it (catalog-facts §5)', () => {
    const poa = CATALOG.find((s) => s.slug === 'power-of-attorney');
    const canadian = (poa?.packages ?? []).flatMap((p) =>
      p.texts
        .filter((t) => JSON.stringify(t.appliesTo) === JSON.stringify(FROM_CA))
        .flatMap((t) => [t.description ?? '', ...(t.documents ?? [])]),
    );
    const apostilleLines = canadian.filter((line) => /apostill/.test(line));
    expect(apostilleLines.length).toBeGreaterThanOrEqual(3);
    for (const line of apostilleLines) {
      expect(line).not.toMatch(/authenticat|apostilles? (it|the document) first|apostilled by your province first/);
      expect(line).toMatch(/instead/);
    }
    // The service's text is read from both countries: true for each, naming neither.
    expect(poa?.description).not.toMatch(/only once an Indian mission has attested it/);
    expect(poa?.description).toContain(
      'or, where an apostille takes the place of that attestation, once it is apostilled',
    );
  });
});
