import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startApplication } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser, expectRoleGuard } from '../users/testing.ts';

/** Adding and removing services, packages, parameters and prices (decision 0076), seen on the public API and sitemap. */
let t: TestApp;
let admin: { token: string; id: number; email: string };
beforeAll(async () => {
  t = await buildTestApp();
});
// Its own hook (and time limit): a sign-up hashes a password, slow on a loaded machine.
beforeAll(async () => {
  admin = await createStaffUser(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

async function auditOf(action: string, subjectId: number | string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.subjectId} = ${String(subjectId)}`);
}

const NEW_SERVICE = {
  name: 'Police Clearance Certificate',
  slug: 'police-clearance',
  brand: 'SEVADOCS',
  summary: 'An Indian PCC from the USA or Canada.',
  description: 'We file your PCC application with the consulate.',
  isActive: true,
};
const NEW_PACKAGE = {
  name: 'Standard PCC',
  slug: 'standard-pcc',
  description: 'Checked and filed for you.',
  processingTime: '2–3 weeks',
  isActive: true,
};
const US_PRICE = {
  applyingFrom: 'US',
  currency: 'USD',
  governmentFeeCents: 4000,
  mandatoryFees: [{ label: 'VFS Global service fee', amountCents: 1590 }],
  serviceFeeCents: 4900,
};

describe('who may add and remove', () => {
  const endpoints: [Method, string, object?][] = [
    ['POST', '/admin/catalog/services', NEW_SERVICE],
    ['DELETE', '/admin/catalog/services/1'],
    ['POST', '/admin/catalog/services/1/packages', NEW_PACKAGE],
    ['DELETE', '/admin/catalog/packages/1'],
    ['PUT', '/admin/catalog/services/1/parameters', { applyingFrom: ['US'] }],
    ['POST', '/admin/catalog/packages/1/prices', US_PRICE],
    ['DELETE', '/admin/catalog/prices/1'],
    ['PATCH', '/admin/countries/CA', { name: 'Canada' }],
  ];
  it.each(endpoints)('%s %s: a visitor 401, a customer 403, staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, payload, headers));
  });
});

describe('a new service, its package, parameters and price', () => {
  it('is built step by step, each step shown on the public API and the sitemap at once, each audited', async () => {
    const created = await call('POST', '/admin/catalog/services', { ...NEW_SERVICE, slug: ' police-clearance ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Created');
    const serviceId = created.json().data.id as number;
    expect(await auditOf('catalog.service_create', serviceId)).toHaveLength(1);

    const page = await t.app.inject({ url: '/api/v1/services/slug/police-clearance' });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ name: NEW_SERVICE.name, packages: [] });
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain('/police-clearance</loc>');

    const params = await call('PUT', `/admin/catalog/services/${serviceId}/parameters`, {
      applyingFrom: ['us', 'CA'],
    });
    expect(params.statusCode).toBe(200);
    expect(params.json().data.changed).toEqual(['parameters', 'parameterOptions']);
    const offered = (await t.app.inject({ url: `/api/v1/packages/parameters?serviceId=${serviceId}` })).json().data;
    expect(offered.parameters).toEqual([
      {
        name: 'applyingFrom',
        label: 'Applying From',
        options: [
          { isoCode: 'US', name: 'United States' },
          { isoCode: 'CA', name: 'Canada' },
        ],
      },
    ]);
    // The same parameters again: nothing written, nothing audited.
    const again = await call('PUT', `/admin/catalog/services/${serviceId}/parameters`, { applyingFrom: ['US', 'CA'] });
    expect(again.json()).toMatchObject({ message: 'Nothing changed', data: { changed: [] } });
    expect(await auditOf('catalog.service_parameters', serviceId)).toHaveLength(1);

    const pkg = await call('POST', `/admin/catalog/services/${serviceId}/packages`, NEW_PACKAGE);
    expect(pkg.statusCode).toBe(201);
    const packageId = pkg.json().data.id as number;
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain('/police-clearance/standard-pcc</loc>');

    const price = await call('POST', `/admin/catalog/packages/${packageId}/prices`, US_PRICE);
    expect(price.statusCode).toBe(201);
    const priceId = price.json().data.id as number;
    expect(await auditOf('catalog.price_create', priceId)).toHaveLength(1);
    const forUs = (await t.app.inject({ method: 'POST', url: `/api/v1/packages/${serviceId}?applyingFrom=US` })).json();
    expect(forUs.data).toHaveLength(1);
    expect(forUs.data[0].price).toMatchObject({ governmentFeeCents: 4000, serviceFeeCents: 4900, totalCents: 10490 });
    const forCa = (await t.app.inject({ method: 'POST', url: `/api/v1/packages/${serviceId}?applyingFrom=CA` })).json();
    expect(forCa.data).toEqual([]);

    // A priced country cannot leave the options; an unpriced one can.
    const dropUs = await call('PUT', `/admin/catalog/services/${serviceId}/parameters`, { applyingFrom: ['CA'] });
    expect(dropUs.statusCode).toBe(409);
    expect(dropUs.json().errors.applyingFrom).toBe(
      'United States has a price in Standard PCC: remove that price before removing it from Applying From',
    );
    const dropCa = await call('PUT', `/admin/catalog/services/${serviceId}/parameters`, { applyingFrom: ['US'] });
    expect(dropCa.json().data.changed).toEqual(['parameterOptions']);

    const removedPrice = await call('DELETE', `/admin/catalog/prices/${priceId}`);
    expect(removedPrice.json()).toMatchObject({ message: 'Deleted', data: { outcome: 'deleted' } });
    expect((await auditOf('catalog.price_delete', priceId))[0]?.before).toMatchObject({ serviceFeeCents: 4900 });
    const gone = (await t.app.inject({ method: 'POST', url: `/api/v1/packages/${serviceId}?applyingFrom=US` })).json();
    expect(gone.data).toEqual([]);

    const removedPackage = await call('DELETE', `/admin/catalog/packages/${packageId}`);
    expect(removedPackage.json()).toMatchObject({ message: 'Deleted', data: { outcome: 'deleted', orders: 0 } });
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('/standard-pcc</loc>');

    const removedService = await call('DELETE', `/admin/catalog/services/${serviceId}`);
    expect(removedService.json().data).toEqual({ outcome: 'deleted', orders: 0 });
    expect((await auditOf('catalog.service_delete', serviceId))[0]).toMatchObject({
      actorId: admin.id,
      before: { name: NEW_SERVICE.name, slug: 'police-clearance', isActive: true },
    });
    expect((await t.app.inject({ url: '/api/v1/services/slug/police-clearance' })).statusCode).toBe(404);
    expect((await call('GET', `/admin/catalog/services/${serviceId}`)).statusCode).toBe(404);
  });
});

describe('slugs', () => {
  it.each([
    [{ slug: 'Police Clearance' }, 400, 'Use lowercase letters, digits and single hyphens, e.g. oci-card'],
    [{ slug: 'admin' }, 400, 'This address belongs to another page of the site: choose another slug'],
    [{ slug: 'services' }, 400, 'This address belongs to another page of the site: choose another slug'],
    [{ slug: 'oci-card' }, 409, 'Another service already has this slug'],
  ])('refuses a service slug %j', async (patch, status, message) => {
    const res = await call('POST', '/admin/catalog/services', { ...NEW_SERVICE, ...patch });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors.slug).toBe(message);
  });

  it('refuses a package slug that reads as countries or is taken in its service', async () => {
    const oci = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    const codes = await call('POST', `/admin/catalog/services/${oci.id}/packages`, { ...NEW_PACKAGE, slug: 'us-in' });
    expect(codes.statusCode).toBe(400);
    expect(codes.json().errors.slug).toBe(
      'A package slug cannot look like country codes (us, us-in): the address would read as countries',
    );
    const taken = await call('POST', `/admin/catalog/services/${oci.id}/packages`, {
      ...NEW_PACKAGE,
      slug: 'new-oci-card',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toBe('Another package of this service already has this slug');
    const unknown = await call('POST', '/admin/catalog/services/999999/packages', NEW_PACKAGE);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('parameters and prices', () => {
  it("refuses a parameter without countries, an unknown code, and a price outside the service's options", async () => {
    const oci = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    const empty = await call('PUT', `/admin/catalog/services/${oci.id}/parameters`, { applyingFrom: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.applyingFrom).toBe('Give Applying From at least one country');
    const unknown = await call('PUT', `/admin/catalog/services/${oci.id}/parameters`, { applyingFrom: ['US', 'XX'] });
    expect(unknown.json().errors.applyingFrom).toBe('XX is not a country code');

    const pkgId = oci.packages[0].id as number;
    const outside = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, { ...US_PRICE, applyingFrom: 'GB' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.applyingFrom).toBe(
      "United Kingdom is not among the service's Applying From countries",
    );
    const notAsked = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, { ...US_PRICE, destination: 'IN' });
    expect(notAsked.json().errors.destination).toBe('This service does not ask for Destination');
    const twice = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, US_PRICE);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This package already has a price for these countries');

    // A fee change on a date is a row of its own beside the one in force (issue 32 §2), once per date.
    const change = { ...US_PRICE, governmentFeeCents: 30000, effectiveFrom: '2027-07-01' };
    const dated = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, change);
    expect(dated.statusCode).toBe(201);
    const again = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, change);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This package already has a price for these countries from 1 July 2027');
    const badDate = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, {
      ...change,
      effectiveFrom: '2027-02-30',
    });
    expect(badDate.json().errors.effectiveFrom).toBe('Give the date as YYYY-MM-DD, or leave it empty');
    const quoted = await t.app.inject({ method: 'POST', url: `/api/v1/packages/${oci.id}?applyingFrom=US` });
    const price = quoted.json().data.find((p: { id: number }) => p.id === pkgId).price;
    expect(price.governmentFeeCents).not.toBe(30000);
    expect(price.scheduledChange).toMatchObject({
      id: dated.json().data.id,
      effectiveFrom: '2027-07-01',
      governmentFeeCents: 30000,
    });
    expect((await call('DELETE', `/admin/catalog/prices/${dated.json().data.id}`)).statusCode).toBe(200);
    const low = await call('POST', `/admin/catalog/packages/${pkgId}/prices`, {
      ...US_PRICE,
      applyingFrom: null,
      compareAtServiceFeeCents: 100,
    });
    expect(low.json().errors.compareAtServiceFeeCents).toBe(
      'The former fee must be higher than the service fee to be shown struck through.',
    );
  });
});

describe('removing what orders name', () => {
  it('archives the package instead: off the site, the order keeps it, the audit says so', async () => {
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token);
    const oci = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    const pkg = oci.packages.find((p: { slug: string }) => p.slug === 'new-oci-card');

    const res = await call('DELETE', `/admin/catalog/packages/${pkg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Taken off the site and kept: 1 order refers to it',
      data: { outcome: 'archived', orders: 1 },
    });
    expect(await auditOf('catalog.package_archive', pkg.id)).toHaveLength(1);
    const after = (await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    expect(after.packages.map((p: { id: number }) => p.id)).not.toContain(pkg.id);
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('/oci-card/new-oci-card</loc>');
    const kept = await t.app.inject({
      url: `/api/v1/application/order/${order.displayId}`,
      headers: bearer(customer.token),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.package).toMatchObject({ id: pkg.id, slug: 'new-oci-card' });
    expect((await call('GET', `/admin/catalog/services/${oci.id}`)).json().data.packages).toContainEqual(
      expect.objectContaining({ id: pkg.id, isActive: false }),
    );

    // The service too: archived, not deleted.
    const service = await call('DELETE', `/admin/catalog/services/${oci.id}`);
    expect(service.json().data).toEqual({ outcome: 'archived', orders: 1 });
    expect((await t.app.inject({ url: '/api/v1/services/slug/oci-card' })).statusCode).toBe(404);
    await call('PATCH', `/admin/catalog/services/${oci.id}`, { isActive: true });
    await call('PATCH', `/admin/catalog/packages/${pkg.id}`, { isActive: true });
  });
});

describe('editing a country', () => {
  it('changes the name and dial code, shown in the public country list at once, audited before → after', async () => {
    const before = (await t.app.inject({ url: '/api/v1/country-codes' })).json().data.results;
    expect(before.find((c: { isoCode: string }) => c.isoCode === 'KY')).toMatchObject({ name: 'Cayman Islands' });
    const res = await call('PATCH', '/admin/countries/ky', { name: ' The Cayman Islands ', code: '+1345' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Saved', data: { changed: ['name', 'code'] } });
    const after = (await t.app.inject({ url: '/api/v1/country-codes' })).json().data.results;
    expect(after.find((c: { isoCode: string }) => c.isoCode === 'KY')).toEqual({
      name: 'The Cayman Islands',
      code: '+1345',
      isoCode: 'KY',
    });
    expect((await auditOf('country.update', 'KY'))[0]).toMatchObject({
      actorId: admin.id,
      before: { name: 'Cayman Islands', code: '+1' },
      after: { name: 'The Cayman Islands', code: '+1345' },
    });
    const same = await call('PATCH', '/admin/countries/KY', { name: 'The Cayman Islands' });
    expect(same.json()).toMatchObject({ message: 'Nothing changed', data: { changed: [] } });
  });

  it.each([
    [{ code: '' }, 'code', 'Enter country code'],
    [{ code: '91' }, 'code', 'Invalid country code'],
    [{ code: '+12345678' }, 'code', 'Invalid country code'],
    [{ name: '  ' }, 'name', 'Enter the name'],
  ])('refuses %j with the message under its field', async (payload, field, message) => {
    const res = await call('PATCH', '/admin/countries/CA', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('answers 404 for a country the list does not have', async () => {
    const res = await call('PATCH', '/admin/countries/ZZ', { name: 'Nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No country found with ISO code ZZ');
  });
});
