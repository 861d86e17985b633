import dynamicIconImports from 'lucide-react/dynamicIconImports';
import { describe, expect, it } from 'vitest';
import { isCountriesSegment } from '../../../domain/catalog/seo-url.ts';
import { ORDER_FILES_RETENTION_DAYS, UNPAID_ORDER_CANCEL_DAYS } from '../../../domain/orders/retention.ts';
import { CATALOG_CONTENT, GENERAL_FAQS } from './catalog-content-data.ts';
import { CATALOG, FROM_CA, FROM_US } from './catalog-data.ts';

const ICONS: readonly string[] = Object.keys(dynamicIconImports);
const PLACEHOLDER = /lorem|ipsum|2liner|TODO|TBD|xxx/i;

describe('seeded catalog content', () => {
  it('covers every service once, with 4+ steps, 1+ sections and 3+ FAQs', () => {
    expect(CATALOG_CONTENT.map((c) => c.serviceSlug).sort()).toEqual(CATALOG.map((s) => s.slug).sort());
    for (const content of CATALOG_CONTENT) {
      expect(content.steps.length, content.serviceSlug).toBeGreaterThanOrEqual(4);
      expect(content.details.length, content.serviceSlug).toBeGreaterThanOrEqual(1);
      expect(content.faqs.length, content.serviceSlug).toBeGreaterThanOrEqual(3);
    }
    expect(GENERAL_FAQS.length).toBeGreaterThanOrEqual(6);
  });

  it('gives every package a timeline of 3+ entries, and names only packages that exist', () => {
    for (const content of CATALOG_CONTENT) {
      const service = CATALOG.find((s) => s.slug === content.serviceSlug);
      const slugs = service?.packages.map((p) => p.slug) ?? [];
      expect(Object.keys(content.timelines).sort(), content.serviceSlug).toEqual([...slugs].sort());
      for (const [slug, entries] of Object.entries(content.timelines)) {
        expect(entries.length, `${content.serviceSlug}/${slug}`).toBeGreaterThanOrEqual(3);
      }
      for (const slug of [...Object.keys(content.packageSteps ?? {}), ...Object.keys(content.packageDetails ?? {})]) {
        expect(slugs, content.serviceSlug).toContain(slug);
      }
    }
  });

  it('uses lucide icon names and real copy everywhere', () => {
    const texts: string[] = GENERAL_FAQS.flatMap((f) => [f.question, f.answer]);
    for (const content of CATALOG_CONTENT) {
      const steps = [
        ...content.steps,
        ...content.details,
        ...Object.values(content.packageSteps ?? {}).flat(),
        ...Object.values(content.packageDetails ?? {}).flat(),
      ];
      for (const step of steps) {
        if (step.icon) expect(ICONS, step.title).toContain(step.icon);
        texts.push(step.title, step.description);
      }
      for (const entry of Object.values(content.timelines).flat())
        texts.push(entry.title, entry.description, entry.duration);
      for (const faq of content.faqs) texts.push(faq.question, faq.answer);
    }
    for (const text of texts) {
      expect(text.trim(), text).not.toBe('');
      expect(text, text).not.toMatch(PLACEHOLDER);
    }
    for (const faq of [...GENERAL_FAQS, ...CATALOG_CONTENT.flatMap((c) => c.faqs)]) {
      expect(faq.question.trim().endsWith('?'), faq.question).toBe(true);
      expect(faq.answer.length, faq.question).toBeGreaterThan(60);
    }
  });

  it('keeps package slugs apart from country codes in service URLs', () => {
    for (const service of CATALOG) {
      for (const pkg of service.packages) expect(isCountriesSegment(pkg.slug), pkg.slug).toBe(false);
    }
  });

  it('promises no file conversion SevaDocs does not do, and states the portal’s own document limits', () => {
    // Only photos, signatures and thumb impressions are fitted (application-photos.ts); documents
    // are kept as sent, so the page says what the portal takes and that the customer uploads it.
    const falsePromises = [/into a PDF/i, /bio page to a PDF/i, /passport scan and photo against the portal rules/i];
    const stepsOf = (slug: string) => {
      const content = CATALOG_CONTENT.find((c) => c.serviceSlug === slug);
      return [
        ...(content?.steps ?? []),
        ...(content?.details ?? []),
        ...Object.values(content?.timelines ?? {}).flat(),
      ].map((step) => step.description);
    };
    for (const text of [...stepsOf('oci-card'), ...stepsOf('indian-visa')]) {
      for (const promise of falsePromises) expect(text).not.toMatch(promise);
    }
    expect(stepsOf('oci-card')).toContain(
      'We resize the photo to a square JPEG of 200–1500 px under 500 KB and crop the signature to 1:3. We keep your supporting documents as you send them: the OCI portal takes each as a PDF of at most 1000 KB, so keep one of that size to upload there.',
    );
    expect(stepsOf('indian-visa')).toContain(
      'We fit the photo to the portal rules (square JPEG, 10 KB–1 MB, plain light background, no glasses). We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.',
    );
  });

  it('says who signs a minor’s OCI application: the parents the declaration and consent, the child only the box under the photo', () => {
    // catalog-facts §1 "parents sign, the minor does not", read with its source (K14, the centres'
    // minor checklist): a child of 5 or older signs the box under the photo, never a parent for them.
    const details =
      CATALOG_CONTENT.find((c) => c.serviceSlug === 'oci-card')?.packageDetails?.['oci-card-for-minor'] ?? [];
    const text = details.map((d) => d.description).join(' ');
    expect(text).toContain('signed by both parents');
    expect(text).toContain('In the box under the photo, a child of 5 or older signs their own name');
    expect(text).toMatch(/younger child gives a thumb impression/);
  });

  it('says what is paid at the centre for an OCI file: the centre’s service fee is in the price, its extras are not (catalog-facts §1, §6)', () => {
    const oci = CATALOG_CONTENT.find((c) => c.serviceSlug === 'oci-card');
    const sendStep = (choices: object) =>
      oci?.steps.find(
        (s) =>
          s.title === 'We check the file and you send it' && JSON.stringify(s.appliesTo) === JSON.stringify(choices),
      )?.description ?? '';
    for (const text of [sendStep(FROM_US), sendStep(FROM_CA)]) {
      expect(text).not.toMatch(/no payment/);
      expect(text).toContain('Its service fee is in your price');
    }
    expect(sendStep(FROM_US)).toContain('pay VFS Global the $20 reference fee if it applies to you');
    expect(sendStep(FROM_CA)).toContain('pay BLS International its courier fee, CA$20 regular or CA$30 express');
    // "In your price" holds for every OCI package: each price carries its centre's fee.
    for (const pkg of CATALOG.find((s) => s.slug === 'oci-card')?.packages ?? []) {
      for (const price of pkg.prices) {
        const centre = price.applyingFrom === 'US' ? 'VFS Global' : 'BLS International';
        expect(
          price.mandatoryFees.map((f) => f.label),
          `${pkg.slug} ${price.applyingFrom}`,
        ).toContain(`${centre} service fee`);
      }
    }
  });

  it('sends no apostilled Canadian document to the consulate as well: apostille or attestation (catalog-facts §5)', () => {
    const poa = CATALOG_CONTENT.find((c) => c.serviceSlug === 'power-of-attorney');
    const rows = [...(poa?.steps ?? []), ...Object.values(poa?.timelines ?? {}).flat(), ...(poa?.faqs ?? [])];
    const text = (row: (typeof rows)[number]) => ('answer' in row ? row.answer : row.description);
    const canadian = rows.filter((r) => JSON.stringify(r.appliesTo) === JSON.stringify(FROM_CA));
    for (const row of canadian) expect(text(row)).not.toMatch(/authenticat|apostilles? (it|the document) first/);
    const apostilled = canadian.filter((r) => /apostilles/.test(text(r)));
    expect(apostilled.length).toBeGreaterThanOrEqual(3);
    for (const row of apostilled) expect(text(row)).toContain('needs no attestation by the consulate');
    const consulate = canadian.filter((r) => 'title' in r && r.title === 'Attestation at the consulate');
    expect(consulate).toHaveLength(2);
    for (const row of consulate) expect(text(row)).toMatch(/^For a document without an apostille/);
    // The FAQ answers per country: the US document is attested after its apostille, the Canadian one is not.
    const faq = (choices: object) =>
      poa?.faqs.find(
        (f) =>
          f.question.startsWith('Does a power of attorney') && JSON.stringify(f.appliesTo) === JSON.stringify(choices),
      )?.answer;
    expect(faq(FROM_US)).toContain('others have the document apostilled first and then attested');
    expect(faq(FROM_CA)).toMatch(/^Not once it is apostilled/);
    expect(faq(FROM_CA)).toContain('others have the document apostilled instead');
    // The FAQ page lists every question: each names its country.
    const questions = poa?.faqs.filter((f) => f.question.startsWith('Does a power of attorney')).map((f) => f.question);
    expect(questions).toEqual([
      expect.stringContaining('signed in the USA'),
      expect.stringContaining('signed in Canada'),
    ]);
  });

  it('states how long files are kept and where customers delete their data themselves, not "deleted on request"', () => {
    const faq = GENERAL_FAQS.find((f) => f.question === 'How is my personal data protected?');
    expect(faq?.answer).not.toMatch(/deleted on request/);
    expect(faq?.answer).toContain(`deleted automatically ${ORDER_FILES_RETENTION_DAYS} days after the order closes`);
    expect(faq?.answer).toContain('after 24 hours');
    // The retention sweep cancels an order left unpaid (decision 0178), and its files' days count from then.
    expect(faq?.answer).toContain(
      `An order left unpaid, with nothing added or changed for ${UNPAID_ORDER_CANCEL_DAYS} days, is cancelled automatically`,
    );
    expect(faq?.answer).toContain('in the Your data section of your profile');
  });
});
