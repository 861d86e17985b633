import { describe, expect, it } from 'vitest';
import type { LoaderServices } from '../../contracts/load-context.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { expectAdminOnlyPage, loaderArgs, loaderStatus, viewer } from '../testing/route-loader.ts';
import * as catalogServiceRoute from './admin.catalog.service.tsx';
import * as catalogRoute from './admin.catalog.tsx';
import * as countryEditRoute from './admin.countries.$isoCode.tsx';
import * as countriesRoute from './admin.countries.tsx';
import * as couponEditRoute from './admin.coupons.edit.tsx';
import * as couponsRoute from './admin.coupons.tsx';

/** The back office's catalog, coupons and countries pages: admins only, private, read through the loader services. */
const services = {
  catalogAdmin: {
    listServices: async () => [],
    getService: async (id: number) => (id === 3 ? ({ id: 3, name: 'OCI Card' } as never) : null),
    listAddonPrices: async () => [],
    listGeneralFaqs: async () => [],
  },
  couponsAdmin: {
    list: async (query: { page: number; limit: number }) => ({ results: [], totalCount: 0, ...query }),
    get: async (id: number) => (id === 5 ? ({ id: 5, code: 'FALL10' } as never) : null),
  },
  countries: {
    list: async () => [
      { name: 'India', code: '+91', isoCode: 'IN' },
      { name: 'United States', code: '+1', isoCode: 'US' },
      { name: 'Canada', code: '+1', isoCode: 'CA' },
      { name: 'Albania', code: '+355', isoCode: 'AL' },
    ],
  },
} as unknown as LoaderServices;

const argsFor = (who: Viewer | null, url: string, params: Record<string, string> = {}) =>
  loaderArgs(services, who, url, params);

const pages = [
  ['/admin/catalog', catalogRoute, {}],
  ['/admin/catalog/3', catalogServiceRoute, { serviceId: '3' }],
  ['/admin/coupons', couponsRoute, {}],
  ['/admin/coupons/5', couponEditRoute, { couponId: '5' }],
  ['/admin/countries', countriesRoute, {}],
  ['/admin/countries/ca', countryEditRoute, { isoCode: 'ca' }],
] as const;

describe.each(pages)('%s', (url, route, params) => {
  it('sends a visitor to sign in, answers a customer and staff 403, lets an admin in, privately', async () => {
    await expectAdminOnlyPage(route, services, url, params);
  });
});

describe('records that do not exist', () => {
  it.each([
    [catalogServiceRoute, { serviceId: '4' }],
    [catalogServiceRoute, { serviceId: 'abc' }],
    [couponEditRoute, { couponId: '99' }],
    [countryEditRoute, { isoCode: 'ZZ' }],
  ] as const)('answer 404 (%#)', async (route, params) => {
    expect(await loaderStatus(() => route.loader(argsFor(viewer('admin'), '/admin/x', params)))).toBe(404);
  });
});

describe('/admin/countries/:isoCode', () => {
  it('reads the country by its ISO code, whatever its case', async () => {
    const found = await countryEditRoute.loader(argsFor(viewer('admin'), '/admin/countries/ca', { isoCode: 'ca' }));
    expect(found.country).toEqual({ name: 'Canada', code: '+1', isoCode: 'CA' });
  });
});

describe('/admin/countries', () => {
  it('keeps the list order, narrows by q and pages', async () => {
    const all = await countriesRoute.loader(argsFor(viewer('admin'), '/admin/countries'));
    expect(all.list.results.map((c) => c.isoCode)).toEqual(['IN', 'US', 'CA', 'AL']);
    const some = await countriesRoute.loader(argsFor(viewer('admin'), '/admin/countries?q=%2B1&limit=1&page=2'));
    expect(some.list).toMatchObject({ totalCount: 2, page: 2, results: [{ isoCode: 'CA' }] });
  });
});
