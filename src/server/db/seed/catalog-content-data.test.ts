import dynamicIconImports from 'lucide-react/dynamicIconImports';
import { describe, expect, it } from 'vitest';
import { isCountriesSegment } from '../../../domain/catalog/seo-url.ts';
import { CATALOG_CONTENT, GENERAL_FAQS } from './catalog-content-data.ts';
import { CATALOG } from './catalog-data.ts';

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
});
