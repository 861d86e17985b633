import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/services', () => {
  it('lists the seeded services in data.results with paging figures', async () => {
    const res = await t.app.inject({ url: '/api/v1/services?page=1&limit=100' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200, data: { page: 1, limit: 100 } });
    expect(body.data.totalCount).toBe(body.data.results.length);
    const names = body.data.results.map((s: { name: string }) => s.name);
    expect(names).toContain('OCI Card');
    const oci = body.data.results.find((s: { slug: string }) => s.slug === 'oci-card');
    // OCI re-issue from the USA, the cheapest OCI package: $25 government + $3 ICWF + $15.90 VFS + our $59.
    expect(oci.fromPrice).toEqual({ amountCents: 2500 + 300 + 1590 + 5900, currency: 'USD' });
  });

  it('pages through the list', async () => {
    const all = (await t.app.inject({ url: '/api/v1/services' })).json().data;
    const second = (await t.app.inject({ url: '/api/v1/services?page=2&limit=1' })).json().data;
    expect(second).toMatchObject({ page: 2, limit: 1, totalCount: all.totalCount });
    expect(second.results).toEqual(all.results.slice(1, 2));
  });

  it.each([
    ['limit=abc', 'limit must be a number'],
    ['limit=0', 'limit must be 1 or more'],
    ['limit=101', 'limit must be at most 100'],
    ['page=1.5', 'page must be a whole number'],
  ])('answers %s with a 400 envelope naming the field', async (query, message) => {
    const res = await t.app.inject({ url: `/api/v1/services?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: false, statusCode: 400, message, data: null });
    expect(Object.values(body.errors)).toContain(message);
  });
});

describe('GET /api/v1/services/slug/:slug', () => {
  it('returns the service with its packages and itemised prices', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/oci-card' });
    expect(res.statusCode).toBe(200);
    const service = res.json().data;
    expect(service).toMatchObject({ name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom'] });
    expect(service.parameterOptions.applyingFrom).toEqual(expect.arrayContaining(['US', 'CA']));
    const newOci = service.packages.find((p: { slug: string }) => p.slug === 'new-oci-card');
    const us = newOci.prices.find((p: { applyingFrom: string }) => p.applyingFrom === 'US');
    expect(us).toMatchObject({ currency: 'USD', governmentFeeCents: 27500, serviceFeeCents: 7900 });
    expect(us.mandatoryFees).toEqual([
      { label: 'ICWF', amountCents: 300 },
      { label: 'VFS Global service fee', amountCents: 1590 },
    ]);
    expect(us.totalCents).toBe(27500 + 300 + 1590 + 7900);
  });

  it('says for which ages a price is, where its country sets them, and nothing where it does not', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/indian-passport-renewal' });
    const { packages } = res.json().data as {
      packages: {
        slug: string;
        prices: { applyingFrom: string; applicantFromAge?: number; applicantUnderAge?: number }[];
      }[];
    };
    const priceOf = (slug: string, from: string) =>
      packages.find((p) => p.slug === slug)?.prices.find((p) => p.applyingFrom === from);
    expect(priceOf('adult-36-pages', 'CA')).toMatchObject({ applicantFromAge: 15 });
    expect(priceOf('minor', 'CA')).toMatchObject({ applicantUnderAge: 15 });
    expect(priceOf('adult-36-pages', 'US')).not.toHaveProperty('applicantFromAge');
    expect(priceOf('adult-36-pages', 'US')).not.toHaveProperty('applicantUnderAge');
  });

  it('answers 404 with a clear message for an unknown slug', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/no-such-service' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, message: "No service found for 'no-such-service'" });
  });

  it('answers 400 for a malformed slug', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/Bad%20Slug!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('slug must be lowercase letters, digits and hyphens');
  });
});

interface Service {
  id: number;
  name: string;
  slug: string;
  parameters: string[];
  packages: { id: number; slug: string; name: string }[];
}

async function serviceBySlug(slug: string): Promise<Service> {
  return (await t.app.inject({ url: `/api/v1/services/slug/${slug}` })).json().data;
}

describe('GET /api/v1/services/platform', () => {
  it('lists the SevaDocs services by default and the SevaPhotos ones for sevaphotos', async () => {
    const docs = (await t.app.inject({ url: '/api/v1/services/platform' })).json();
    expect(docs).toMatchObject({ isSuccess: true, statusCode: 200 });
    const docSlugs = docs.data.results.map((s: { slug: string }) => s.slug);
    expect(docSlugs).toContain('oci-card');
    expect(docSlugs).not.toContain('photo-enhancement');
    for (const request of [
      { url: '/api/v1/services/platform?platform=sevaphotos' },
      { url: '/api/v1/services/platform', headers: { 'x-platform': 'sevaphotos' } },
    ]) {
      const photos = (await t.app.inject(request)).json().data.results.map((s: { slug: string }) => s.slug);
      expect(photos).toEqual(['photo-enhancement']);
    }
  });

  it('answers 400 for an unknown platform', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/platform?platform=other' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, message: "platform must be 'sevadocs' or 'sevaphotos'" });
  });
});

describe('POST /api/v1/packages/:serviceId', () => {
  it('prices every package for the choices given in the query', async () => {
    const oci = await serviceBySlug('oci-card');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/packages/${oci.id}?applyingFrom=ca` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200, message: 'Success' });
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(oci.packages.map((p) => p.slug));
    const newOci = body.data.find((p: { slug: string }) => p.slug === 'new-oci-card');
    expect(newOci).toMatchObject({ serviceId: oci.id, choices: { applyingFrom: 'CA' } });
    expect(newOci.price).toMatchObject({ applyingFrom: 'CA', currency: 'CAD', governmentFeeCents: 42100 });
    expect(newOci.price.totalCents).toBe(42100 + 400 + 740 + 9900);
  });

  it('uses the first option for a missing choice and ignores parameters the service does not have', async () => {
    const oci = await serviceBySlug('oci-card');
    for (const url of [`/api/v1/packages/${oci.id}`, `/api/v1/packages/${oci.id}?destination=IN`]) {
      const body = (await t.app.inject({ method: 'POST', url })).json();
      expect(body.data.length).toBe(oci.packages.length);
      for (const pkg of body.data) expect(pkg.choices).toEqual({ applyingFrom: 'US' });
    }
  });

  it('prices e-visas by citizenship and destination, leaving out packages not offered there', async () => {
    const visa = await serviceBySlug('indian-visa');
    const us = (
      await t.app.inject({ method: 'POST', url: `/api/v1/packages/${visa.id}?citizenship=US&destination=IN` })
    ).json().data;
    const ca = (
      await t.app.inject({ method: 'POST', url: `/api/v1/packages/${visa.id}?citizenship=CA&destination=IN` })
    ).json().data;
    expect(us.map((p: { slug: string }) => p.slug)).toContain('e-business');
    // The e-Business visa is offered to US citizens only (catalog-data.ts).
    expect(ca.map((p: { slug: string }) => p.slug)).not.toContain('e-business');
    const thirty = us.find((p: { slug: string }) => p.slug === 'e-tourist-30-days');
    expect(thirty.price).toMatchObject({ currency: 'USD', serviceFeeCents: 1200, compareAtServiceFeeCents: 2400 });
  });

  it('answers an empty list with the no-packages message for a country the service does not serve', async () => {
    const oci = await serviceBySlug('oci-card');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/packages/${oci.id}?applyingFrom=FR` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      data: [],
      message: 'Currently no packages are available for OCI Card',
    });
  });

  it('accepts an empty JSON body, as a client that always sends Content-Type does', async () => {
    const oci = await serviceBySlug('oci-card');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/packages/${oci.id}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown service and 400 for bad ids or country values', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/packages/99999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ isSuccess: false, message: 'No service found with id 99999' });
    for (const [url, message] of [
      ['/api/v1/packages/abc', 'serviceId must be a number'],
      ['/api/v1/packages/0', 'serviceId must be 1 or more'],
      ['/api/v1/packages/1?citizenship=USA', 'Citizenship must be a two-letter country code'],
      ['/api/v1/packages/1?applyingFrom=1', 'Applying From must be a two-letter country code'],
      ['/api/v1/packages/1?destination=', 'Destination must be a two-letter country code'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ isSuccess: false, statusCode: 400, message });
    }
  });
});

describe('GET /api/v1/packages/parameters', () => {
  it('lists each parameter with its label and countries, for one service or all', async () => {
    const visa = await serviceBySlug('indian-visa');
    const one = (await t.app.inject({ url: `/api/v1/packages/parameters?serviceId=${visa.id}` })).json().data;
    expect(one).toEqual({
      serviceId: visa.id,
      parameters: [
        {
          name: 'citizenship',
          label: 'Citizenship',
          options: [
            { isoCode: 'US', name: 'United States' },
            { isoCode: 'CA', name: 'Canada' },
          ],
        },
        { name: 'destination', label: 'Destination', options: [{ isoCode: 'IN', name: 'India' }] },
      ],
    });
    const all = (await t.app.inject({ url: '/api/v1/packages/parameters' })).json().data;
    expect(all.serviceId).toBeNull();
    expect(all.parameters.map((p: { name: string }) => p.name)).toEqual(['applyingFrom', 'citizenship', 'destination']);
  });

  it('answers 404 for an unknown service and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: '/api/v1/packages/parameters?serviceId=99999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/packages/parameters?serviceId=x' })).statusCode).toBe(400);
  });
});

describe('process steps, process sections and timelines', () => {
  it('answers the service steps and sections, in order', async () => {
    const oci = await serviceBySlug('oci-card');
    const steps = (await t.app.inject({ url: `/api/v1/service-process/process-steps/service/${oci.id}` })).json();
    expect(steps).toMatchObject({ isSuccess: true, data: { page: 1 } });
    expect(steps.data.results.length).toBeGreaterThanOrEqual(4);
    expect(steps.data.results[0]).toMatchObject({ position: 0, title: 'Choose your OCI package', packageId: null });
    const sections = (await t.app.inject({ url: `/api/v1/service-process/process/service/${oci.id}` })).json();
    expect(sections.data.results.map((s: { title: string }) => s.title)).toContain('Who can apply');
  });

  it("gives a package its own steps when it has them, else its service's; sections add its own", async () => {
    const passport = await serviceBySlug('indian-passport-renewal');
    const tatkal = passport.packages.find((p) => p.slug === 'tatkal');
    const adult = passport.packages.find((p) => p.slug === 'adult-36-pages');
    const lost = passport.packages.find((p) => p.slug === 'lost-or-damaged');
    const steps = async (id?: number) =>
      (await t.app.inject({ url: `/api/v1/package-process/process-steps/package/${id}` })).json().data.results;
    const service = (await t.app.inject({ url: `/api/v1/service-process/process-steps/service/${passport.id}` })).json()
      .data.results;
    expect((await steps(tatkal?.id))[0]).toMatchObject({ title: 'Confirm that Tatkal fits', packageId: tatkal?.id });
    expect(await steps(adult?.id)).toEqual(service);
    // Each row says which countries it is true for; a page for one country shows that country's.
    const rows: { title: string; appliesTo: Record<string, string> }[] = (
      await t.app.inject({ url: `/api/v1/package-process/process/package/${lost?.id}` })
    ).json().data.results;
    const titlesFor = (country: string) =>
      rows.filter((s) => [undefined, country].includes(s.appliesTo.applyingFrom)).map((s) => s.title);
    expect(titlesFor('US')).toEqual([
      'Fees since 1 July 2026',
      'Keep your status documents valid',
      'Why it takes longer',
    ]);
    expect(titlesFor('CA')).toEqual([
      'What the fees pay for',
      'Keep your status documents valid',
      'Why it takes longer',
    ]);
  });

  it('answers a timeline for every package of every service', async () => {
    const services = (await t.app.inject({ url: '/api/v1/services' })).json().data.results as Service[];
    for (const summary of services) {
      const service = await serviceBySlug(summary.slug);
      for (const pkg of service.packages) {
        const res = await t.app.inject({ url: `/api/v1/package-timeline/package/${pkg.id}` });
        expect(res.statusCode).toBe(200);
        const entries = res.json().data.results;
        expect(entries.length, `${service.slug}/${pkg.slug}`).toBeGreaterThanOrEqual(3);
        expect(entries[0]).toEqual(
          expect.objectContaining({ position: 0, title: expect.any(String), duration: expect.any(String) }),
        );
      }
    }
  });

  it.each([
    '/api/v1/package-process/process-steps/package/99999',
    '/api/v1/package-process/process/package/99999',
    '/api/v1/service-process/process-steps/service/99999',
    '/api/v1/service-process/process/service/99999',
    '/api/v1/package-timeline/package/99999',
    '/api/v1/faq/service/99999',
  ])('answers 404 with a clear message for %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^No (package|service) found with id 99999$/);
  });

  it('answers 400 for a malformed id', async () => {
    const res = await t.app.inject({ url: '/api/v1/package-timeline/package/1.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a whole number');
  });
});

describe('FAQs', () => {
  it('lists general questions first, then each service’s; ?general=true keeps the general ones', async () => {
    const all = (await t.app.inject({ url: '/api/v1/faq/service' })).json().data.results as {
      serviceId: number | null;
      serviceSlug: string | null;
    }[];
    const firstServiceFaq = all.findIndex((f) => f.serviceId !== null);
    expect(firstServiceFaq).toBeGreaterThanOrEqual(6);
    expect(all.slice(firstServiceFaq).every((f) => f.serviceId !== null)).toBe(true);
    const general = (await t.app.inject({ url: '/api/v1/faq/service?general=true' })).json().data.results;
    expect(general.length).toBe(firstServiceFaq);
    expect(general.every((f: { serviceSlug: string | null }) => f.serviceSlug === null)).toBe(true);
  });

  it('answers at least three questions for every service', async () => {
    const services = (await t.app.inject({ url: '/api/v1/services' })).json().data.results as Service[];
    for (const service of services) {
      const faqs = (await t.app.inject({ url: `/api/v1/faq/service/${service.id}` })).json().data.results;
      expect(faqs.length, service.slug).toBeGreaterThanOrEqual(3);
      for (const faq of faqs) expect(faq).toMatchObject({ serviceId: service.id, serviceSlug: service.slug });
    }
  });
});

describe('catalog cache', () => {
  it('serves reads from memory until invalidated, then shows the change', async () => {
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update services set name = 'OCI Card (renamed)' where slug = 'oci-card'`);
    expect((await serviceBySlug('oci-card')).name).toBe('OCI Card');
    t.app.services.catalog.invalidate();
    expect((await serviceBySlug('oci-card')).name).toBe('OCI Card (renamed)');
    await t.database.db.execute(sql`update services set name = 'OCI Card' where slug = 'oci-card'`);
    t.app.services.catalog.invalidate();
  });

  it("gives the same service page object until the catalog reloads (the page body's HTML is kept against it)", async () => {
    const { catalog } = t.app.services;
    const page = await catalog.getServicePage('oci-card');
    expect(page?.service.slug).toBe('oci-card');
    expect(await catalog.getServicePage('oci-card')).toBe(page);
    catalog.invalidate();
    const reloaded = await catalog.getServicePage('oci-card');
    expect(reloaded).not.toBe(page);
    expect(reloaded).toEqual(page);
  });

  it('after a minute, answers from the old snapshot while the new one loads, then from the new one', async () => {
    const { sql } = await import('drizzle-orm');
    t.app.services.catalog.invalidate();
    expect((await serviceBySlug('oci-card')).name).toBe('OCI Card');
    await t.database.db.execute(sql`update services set name = 'OCI Card (new)' where slug = 'oci-card'`);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect((await serviceBySlug('oci-card')).name, 'the stale snapshot, at once').toBe('OCI Card');
      await vi.waitFor(async () => expect((await serviceBySlug('oci-card')).name).toBe('OCI Card (new)'));
    } finally {
      clock.mockRestore();
      await t.database.db.execute(sql`update services set name = 'OCI Card' where slug = 'oci-card'`);
      t.app.services.catalog.invalidate();
    }
  });
});
