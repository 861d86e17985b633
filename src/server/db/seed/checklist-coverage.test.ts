import { describe, expect, it } from 'vitest';
import { documentChecklist } from '../../../domain/applications/checklist.ts';
import { fittedPhotoSize } from '../../../domain/photos/application-photos.ts';
import { CATALOG } from './catalog-data.ts';
import { seededChecklistCases } from './checklist-cases.ts';

describe('document checklists of the seeded catalog', () => {
  const cases = seededChecklistCases();

  it('gives every seeded package, country, member kind and answer a checklist', () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const { where, input } of cases) {
      const items = documentChecklist(input);
      expect(items, where).not.toBeNull();
      expect(
        items?.some((item) => item.required),
        where,
      ).toBe(true);
      const ids = items?.map((item) => item.id) ?? [];
      expect(new Set(ids).size, where).toBe(ids.length);
      for (const item of items ?? []) {
        expect(item.id, where).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(item.accept.types.length, `${where} ${item.id}`).toBeGreaterThan(0);
        expect(item.accept.maxBytes, `${where} ${item.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('lists Photo Enhancement on exactly the packages whose checklist asks for a passport-style photo', () => {
    // The photo editor works the photo the engine fitted: a renunciation, a power of attorney or a
    // consular booking has none (the checkout would not offer it: ADDON_DETAILS.needsFittedPhoto).
    for (const service of CATALOG.filter((s) => s.brand === 'SEVADOCS')) {
      for (const pkg of service.packages) {
        const [price] = pkg.prices;
        const items = documentChecklist({
          serviceSlug: service.slug,
          packageSlug: pkg.slug,
          choices: {
            applyingFrom: price?.applyingFrom,
            citizenship: price?.citizenship,
            destination: price?.destination,
          },
          memberKind: 'Adult',
        });
        const takesPhoto = (items ?? []).some((item) => fittedPhotoSize(service.slug, item.id)?.kind === 'photo');
        expect(pkg.addons.includes('Photo Enhancement'), `${service.slug}/${pkg.slug}`).toBe(takesPhoto);
      }
    }
  });
});
