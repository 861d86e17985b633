import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '../../../domain/admin/catalog.ts';
import { priceFor } from '../../../domain/catalog/pricing.ts';
import { PHOTO_ENHANCEMENT_SLUG } from '../../../domain/config/navigation.ts';
import { PHOTO_PACKAGE_ORDERS, photoPackageCents } from '../../../domain/photos/catalog-prices.ts';
import { CATALOG } from '../../db/seed/catalog-data.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createCatalogService } from '../catalog/service.ts';
import { packagePrices, packages, services } from '../catalog/tables.ts';
import { createStaffUser } from '../users/testing.ts';
import { fakeAnalyse } from './testing.ts';

/**
 * Issue 31 §5: what the /photos page, the home card and the service page say a Photo Enhancement
 * package costs is what a photo order of that package is charged, even when the stored catalog rows
 * say otherwise (an install seeded with the old "$8.99 / $14.99", or an edit in the back office).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

/** What the API charges a one-item US order of `planId` with `options`. */
async function chargedCents(token: string, { planId, options }: (typeof PHOTO_PACKAGE_ORDERS)[string]) {
  const created = await apiCall(t.app, 'POST', '/photo-orders', token, { idempotencyKey: randomUUID() });
  const ref = created.json().data.displayId as string;
  await apiCall(t.app, 'POST', `/photo-orders/${ref}/items`, token, { photoSize: 'us-2x2' });
  const priced = await apiCall(t.app, 'PUT', `/photo-orders/${ref}/plan`, token, { pricingPlanId: planId, options });
  expect(priced.statusCode).toBe(200);
  return priced.json().data.totalCents as number;
}

describe('Photo Enhancement prices', () => {
  it('landing, home card and service page show what the photo order charges, whatever the stored rows say', async () => {
    const [service] = await t.database.db.select().from(services).where(eq(services.slug, PHOTO_ENHANCEMENT_SLUG));
    if (!service) throw new Error('the Photo Enhancement service is not seeded');
    const packageIds = (
      await t.database.db.select({ id: packages.id }).from(packages).where(eq(packages.serviceId, service.id))
    ).map((p) => p.id);
    // The old seed's figures, as an install made before this change (or a back-office edit) holds them.
    await t.database.db
      .update(packagePrices)
      .set({ serviceFeeCents: 899, compareAtServiceFeeCents: 1000 })
      .where(inArray(packagePrices.packageId, packageIds));
    const catalog = createCatalogService(t.database.db);
    const detail = await catalog.getServiceBySlug(PHOTO_ENHANCEMENT_SLUG);
    const page = await catalog.getServicePage(PHOTO_ENHANCEMENT_SLUG);
    const card = (await catalog.listServices({ page: 1, limit: 100 })).results.find(
      (s) => s.slug === PHOTO_ENHANCEMENT_SLUG,
    );
    const user = await createSignedInUser(t.app);

    const charged: number[] = [];
    for (const pkg of detail?.packages ?? []) {
      const order = PHOTO_PACKAGE_ORDERS[pkg.slug];
      if (!order) throw new Error(`${pkg.slug} is not a photo order`);
      const cents = await chargedCents(user.token, order);
      // The landing page (photoPlanPrices) and the service page read the package's price for no choices.
      const landing = priceFor(pkg.prices, {});
      const onPage = priceFor(page?.service.packages.find((p) => p.slug === pkg.slug)?.prices ?? [], {});
      expect({ pkg: pkg.slug, landing: landing?.totalCents, page: onPage?.totalCents }).toEqual({
        pkg: pkg.slug,
        landing: cents,
        page: cents,
      });
      expect([landing?.currency, landing?.compareAtServiceFeeCents]).toEqual(['USD', null]);
      charged.push(cents);
    }
    expect(charged).toHaveLength(3);
    // The home card's "From": the cheapest of them, in US dollars.
    expect(card?.fromPrice).toEqual({ amountCents: Math.min(...charged), currency: 'USD' });
  });

  it('the back office cannot give a Photo Enhancement package a price of its own', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const [service] = await t.database.db.select().from(services).where(eq(services.slug, PHOTO_ENHANCEMENT_SLUG));
    const [pkg] = await t.database.db
      .select()
      .from(packages)
      .where(eq(packages.serviceId, service?.id ?? 0));
    const [price] = await t.database.db
      .select()
      .from(packagePrices)
      .where(eq(packagePrices.packageId, pkg?.id ?? 0));
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/prices/${price?.id}`,
      headers: bearer(admin.token),
      payload: { serviceFeeCents: 899 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(CATALOG_MESSAGES.photoPricesFromOrders);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/catalog/packages/${pkg?.id}/prices`,
      headers: bearer(admin.token),
      payload: { currency: 'CAD', governmentFeeCents: 0, serviceFeeCents: 899 },
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(CATALOG_MESSAGES.photoPricesFromOrders);
  });

  it('seeds every Photo Enhancement package as a photo order, at its charged price', () => {
    const photo = CATALOG.find((s) => s.slug === PHOTO_ENHANCEMENT_SLUG);
    for (const pkg of photo?.packages ?? []) {
      expect(PHOTO_PACKAGE_ORDERS[pkg.slug], pkg.slug).toBeDefined();
      expect(pkg.prices).toMatchObject([{ currency: 'USD', serviceFeeCents: photoPackageCents(pkg.slug, 'USD') }]);
    }
  });
});
