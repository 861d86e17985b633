import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContextValue } from '../../../contracts/load-context.ts';
import { CATALOG_MESSAGES } from '../../../domain/admin/catalog.ts';
import { APPLICANT_MESSAGES } from '../../../domain/applications/package-applicants.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { loadEnv } from '../../env.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { createTestDatabase } from '../../test/database.ts';
import { stubServerBuild } from '../../test/server-build.ts';
import { seededPackage, startBody } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { packagePrices } from './tables.ts';

/**
 * The admin's catalog API, on the real app with the page cache on: a stand-in web build whose
 * every page is a public (cacheable) render of the OCI card's prices, read from the loaders'
 * catalog service as a service page does.
 */
const appContext = createContext<AppContextValue>();
const build = stubServerBuild({
  appContext,
  default: async (_request, status, headers, _ctx, load) => {
    const service = await load.get(appContext).services.catalog.getServiceBySlug('oci-card');
    const prices = service?.packages.flatMap((p) =>
      p.prices.map((price) => ({ id: price.id, total: price.totalCents })),
    );
    headers.set('content-type', 'application/json');
    headers.set('cache-control', 'public, max-age=0, s-maxage=60');
    return new Response(JSON.stringify({ prices, renderedAt: Math.random() }), { status, headers });
  },
});

let app: FastifyInstance;
let database: DatabaseHandle;
let admin: { token: string; id: number; email: string };
let customerToken: string;
let staffToken: string;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_SECONDS: '60' }),
    database,
    logger: false,
    web: { build, clientDir: '/nonexistent' },
    // No workers: the mail helpers run the e-mail jobs themselves, as in buildTestApp (a worker
    // racing them for the sign-up's e-mail made the mailbox read flaky).
    jobs: createJobQueue(database, { workers: false }),
  });
  await app.ready();
  await app.jobs.start();
});
// Its own hook (and time limit): three sign-ups hash three passwords, slow on a loaded machine.
beforeAll(async () => {
  admin = await createStaffUser(app, database.db, 'admin');
  customerToken = (await createSignedInUser(app)).token;
  staffToken = (await createStaffUser(app, database.db, 'staff')).token;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const asAdmin = () => bearer(admin.token);

async function ociCard() {
  const id = (await app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data.id as number;
  const res = await app.inject({ url: `/api/v1/admin/catalog/services/${id}`, headers: asAdmin() });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: number;
    summary: string;
    packages: {
      id: number;
      slug: string;
      prices: { id: number; applyingFrom: string | null; governmentFeeCents: number; serviceFeeCents: number }[];
      timeline: { id: number; title: string }[];
    }[];
    steps: { id: number; title: string; packageId: number | null; kind: string }[];
    faqs: { id: number; question: string }[];
  };
}

async function auditOf(subjectType: string, subjectId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.subjectType} = ${subjectType} and ${auditLog.subjectId} = ${String(subjectId)}`);
}

describe('who may use the catalog API', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/api/v1/admin/catalog/services'],
    ['GET', '/api/v1/admin/catalog/services/1'],
    ['GET', '/api/v1/admin/catalog/addon-prices'],
    ['PATCH', '/api/v1/admin/catalog/services/1', { summary: 'x' }],
    ['PATCH', '/api/v1/admin/catalog/packages/1', { name: 'x' }],
    ['PATCH', '/api/v1/admin/catalog/prices/1', { serviceFeeCents: 1 }],
    ['PATCH', '/api/v1/admin/catalog/addon-prices/1', { amountCents: 1 }],
    ['PATCH', '/api/v1/admin/catalog/process-steps/1', { title: 'x' }],
    ['PATCH', '/api/v1/admin/catalog/timeline/1', { title: 'x' }],
    ['PATCH', '/api/v1/admin/catalog/faqs/1', { question: 'x' }],
  ];
  it.each(endpoints)('%s %s: a visitor 401, a customer 403, staff 403', async (method, url, payload) => {
    const call = (headers: Record<string, string> = {}) =>
      app.inject({ method: method as 'GET' | 'PATCH', url, headers, ...(payload ? { payload } : {}) });
    const visitor = await call();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in to continue.');
    const customer = await call(bearer(customerToken));
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('You do not have access to this page.');
    expect((await call(bearer(staffToken))).statusCode).toBe(403);
  });
});

describe('reading the catalog as an admin', () => {
  it('lists every service, active or not, with its package count', async () => {
    await database.db.execute(sql`update services set is_active = false where slug = 'power-of-attorney'`);
    try {
      const res = await app.inject({ url: '/api/v1/admin/catalog/services', headers: asAdmin() });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data.results as { slug: string; isActive: boolean; packageCount: number }[];
      expect(rows.find((r) => r.slug === 'oci-card')).toMatchObject({ isActive: true });
      expect(rows.find((r) => r.slug === 'oci-card')?.packageCount).toBeGreaterThan(1);
      expect(rows.find((r) => r.slug === 'power-of-attorney')).toMatchObject({ isActive: false });
    } finally {
      await database.db.execute(sql`update services set is_active = true where slug = 'power-of-attorney'`);
    }
  });

  it('shows a service with its prices per country, fees apart', async () => {
    const service = await ociCard();
    const newOci = service.packages.find((p) => p.slug === 'new-oci-card');
    expect(newOci?.prices.find((p) => p.applyingFrom === 'US')).toMatchObject({
      governmentFeeCents: 27500,
      serviceFeeCents: 7900,
      mandatoryFees: [
        { label: 'ICWF', amountCents: 300 },
        { label: 'VFS Global service fee', amountCents: 1590 },
      ],
    });
    const missing = await app.inject({ url: '/api/v1/admin/catalog/services/999999', headers: asAdmin() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No service found with id 999999');
  });

  it('lists the add-on prices per currency', async () => {
    const res = await app.inject({ url: '/api/v1/admin/catalog/addon-prices', headers: asAdmin() });
    const rows = res.json().data.results as { addon: string; currency: string; amountCents: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number.isInteger(r.amountCents))).toBe(true);
  });
});

describe('changing a price', () => {
  it('shows the new price at once on the public API and the cached public page, and audits only what changed', async () => {
    const service = await ociCard();
    const price = service.packages.find((p) => p.slug === 'new-oci-card')?.prices.find((p) => p.applyingFrom === 'US');
    if (!price) throw new Error('no US price for the new OCI card');

    // The public page (the stand-in renders it at /) is rendered once, then answered from the page cache.
    const first = await app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    const cachedTotal = first.json().prices.find((p: { id: number }) => p.id === price.id).total;
    expect((await app.inject({ url: '/' })).json().renderedAt).toBe(first.json().renderedAt);
    // A change behind the app's back is not seen while the caches hold (so the next check proves invalidation).
    await database.db.update(packagePrices).set({ isEstimate: true }).where(eq(packagePrices.id, price.id));
    expect((await app.inject({ url: '/' })).json().renderedAt).toBe(first.json().renderedAt);

    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/prices/${price.id}`,
      headers: asAdmin(),
      payload: { serviceFeeCents: 8900, governmentFeeCents: price.governmentFeeCents },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Saved', data: { changed: ['serviceFeeCents'] } });

    const page = (await app.inject({ url: '/' })).json();
    expect(page.renderedAt).not.toBe(first.json().renderedAt);
    expect(page.prices.find((p: { id: number }) => p.id === price.id).total).toBe(cachedTotal + 1000);
    const api = (await app.inject({ url: '/api/v1/services/slug/oci-card' })).json().data;
    const publicPrice = api.packages
      .flatMap((p: { prices: { id: number }[] }) => p.prices)
      .find((p: { id: number }) => p.id === price.id);
    expect(publicPrice).toMatchObject({ serviceFeeCents: 8900, totalCents: cachedTotal + 1000 });

    const entries = await auditOf('package_price', price.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'catalog.price',
      before: { serviceFeeCents: 7900 },
      after: { serviceFeeCents: 8900 },
    });

    // The same values again change nothing and write no entry.
    const again = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/prices/${price.id}`,
      headers: asAdmin(),
      payload: { serviceFeeCents: 8900 },
    });
    expect(again.json()).toMatchObject({ message: 'Nothing changed', data: { changed: [] } });
    expect(await auditOf('package_price', price.id)).toHaveLength(1);
  });

  it('changes the other mandatory fees as a list of named amounts', async () => {
    const service = await ociCard();
    const price = service.packages.find((p) => p.slug === 'new-oci-card')?.prices.find((p) => p.applyingFrom === 'CA');
    if (!price) throw new Error('no CA price for the new OCI card');
    const fees = [
      { label: 'ICWF', amountCents: 400 },
      { label: 'BLS service fee', amountCents: 800 },
    ];
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/prices/${price.id}`,
      headers: asAdmin(),
      payload: { mandatoryFees: fees },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf('package_price', price.id);
    expect(entry?.after).toEqual({ mandatoryFees: fees });
  });

  it('marks a price’s fees as paid on the official portal: the public total is our fee alone from then on', async () => {
    const price = (await ociCard()).packages
      .find((p) => p.slug === 'new-oci-card')
      ?.prices.find((p) => p.applyingFrom === 'US');
    if (!price) throw new Error('no US price for the new OCI card');
    const publicTotal = async () => {
      const service = await app.services.catalog.getServiceBySlug('oci-card');
      return service?.packages.flatMap((p) => p.prices).find((p) => p.id === price.id)?.totalCents;
    };
    const url = `/api/v1/admin/catalog/prices/${price.id}`;
    const res = await app.inject({ method: 'PATCH', url, headers: asAdmin(), payload: { feesPaidOnPortal: true } });
    expect(res.statusCode).toBe(200);
    expect(await publicTotal()).toBe(price.serviceFeeCents);
    expect((await auditOf('package_price', price.id)).map((entry) => entry.after)).toContainEqual({
      feesPaidOnPortal: true,
    });
    await app.inject({ method: 'PATCH', url, headers: asAdmin(), payload: { feesPaidOnPortal: false } });
    expect(await publicTotal()).toBeGreaterThan(price.serviceFeeCents);
  });

  it.each([
    [{ serviceFeeCents: -1 }, 'serviceFeeCents', 'Our fee cannot be negative'],
    [{ serviceFeeCents: 10.5 }, 'serviceFeeCents', 'Our fee must be in whole cents'],
    [{ governmentFeeCents: 10_000_001 }, 'governmentFeeCents', 'Government fee must be at most $100,000'],
    [{ serviceFeeCents: '12' }, 'serviceFeeCents', 'Our fee must be an amount'],
  ])('refuses %j with a 400 naming the field', async (payload, field, message) => {
    const price = (await ociCard()).packages[0]?.prices[0];
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/prices/${price?.id}`,
      headers: asAdmin(),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses an empty change, an unknown price and a former fee below the fee', async () => {
    const price = (await ociCard()).packages[0]?.prices[0];
    if (!price) throw new Error('no price');
    const url = `/api/v1/admin/catalog/prices/${price.id}`;
    const entriesBefore = (await auditOf('package_price', price.id)).length;
    const empty = await app.inject({ method: 'PATCH', url, headers: asAdmin(), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to change: send at least one field.');
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/catalog/prices/999999',
      headers: asAdmin(),
      payload: { serviceFeeCents: 100 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No price found with id 999999');
    const low = await app.inject({
      method: 'PATCH',
      url,
      headers: asAdmin(),
      payload: { compareAtServiceFeeCents: price.serviceFeeCents },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.compareAtServiceFeeCents).toBe(
      'The former fee must be higher than the service fee to be shown struck through.',
    );
    expect(await auditOf('package_price', price.id)).toHaveLength(entriesBefore);
  });
});

describe('changing texts', () => {
  it("edits a service's summary, a FAQ, a step and a timeline entry, each shown publicly at once", async () => {
    const service = await ociCard();
    const summary = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/services/${service.id}`,
      headers: asAdmin(),
      payload: { summary: '  OCI cards for US and Canadian citizens, filed for you.  ' },
    });
    expect(summary.statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/v1/services' })).json().data.results;
    expect(list.find((s: { id: number }) => s.id === service.id).summary).toBe(
      'OCI cards for US and Canadian citizens, filed for you.',
    );
    expect((await auditOf('service', service.id))[0]).toMatchObject({
      action: 'catalog.service',
      before: { summary: service.summary },
      after: { summary: 'OCI cards for US and Canadian citizens, filed for you.' },
    });

    const faq = service.faqs[0];
    if (!faq) throw new Error('no FAQ');
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/faqs/${faq.id}`,
      headers: asAdmin(),
      payload: { isActive: false },
    });
    const faqs = (await app.inject({ url: `/api/v1/faq/service/${service.id}` })).json().data.results;
    expect(faqs.map((f: { id: number }) => f.id)).not.toContain(faq.id);

    const step = service.steps.find((s) => s.packageId === null && s.kind === 'step');
    if (!step) throw new Error('no step');
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/process-steps/${step.id}`,
      headers: asAdmin(),
      payload: { title: 'Book your appointment' },
    });
    const steps = (await app.inject({ url: `/api/v1/service-process/process-steps/service/${service.id}` })).json().data
      .results;
    expect(steps.find((s: { id: number }) => s.id === step.id).title).toBe('Book your appointment');

    const pkg = service.packages.find((p) => p.timeline.length > 0);
    const entry = pkg?.timeline[0];
    if (!pkg || !entry) throw new Error('no timeline');
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/timeline/${entry.id}`,
      headers: asAdmin(),
      payload: { duration: 'Days 1–2' },
    });
    const timeline = (await app.inject({ url: `/api/v1/package-timeline/package/${pkg.id}` })).json().data.results;
    expect(timeline.find((e: { id: number }) => e.id === entry.id).duration).toBe('Days 1–2');
  });

  it('refuses an empty summary with the field named', async () => {
    const service = await ociCard();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/services/${service.id}`,
      headers: asAdmin(),
      payload: { summary: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.summary).toBe('Enter the summary');
  });

  it('changes an add-on price', async () => {
    const rows = (await app.inject({ url: '/api/v1/admin/catalog/addon-prices', headers: asAdmin() })).json().data
      .results as { id: number; amountCents: number; compareAtCents: number | null }[];
    const row = rows[0];
    if (!row) throw new Error('no add-on price');
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/addon-prices/${row.id}`,
      headers: asAdmin(),
      payload: { amountCents: row.amountCents + 100, compareAtCents: null },
    });
    expect(res.statusCode).toBe(200);
    const after = (await app.inject({ url: '/api/v1/admin/catalog/addon-prices', headers: asAdmin() })).json().data
      .results as { id: number; amountCents: number }[];
    expect(after.find((r) => r.id === row.id)?.amountCents).toBe(row.amountCents + 100);
  });
});

describe('who a package is for', () => {
  /** The passport renewal's packages as the back office reads them. */
  async function renewal() {
    const id = (await app.inject({ url: '/api/v1/services/slug/indian-passport-renewal' })).json().data.id as number;
    const res = await app.inject({ url: `/api/v1/admin/catalog/services/${id}`, headers: asAdmin() });
    return res.json().data.packages as {
      id: number;
      slug: string;
      applicantKinds: string[] | null;
      prices: {
        id: number;
        applyingFrom: string | null;
        applicantUnderAge: number | null;
        applicantFromAge: number | null;
      }[];
    }[];
  }
  const fifteen = { fullName: 'Kabir Sharma', dateOfBirth: '2011-06-01', relationship: 'Child' };
  const startMinorFromCanada = async () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/application/order',
      headers: bearer(customerToken),
      payload: await startBody(app, {
        packageId: (await seededPackage(app, 'indian-passport-renewal', 'minor', { applyingFrom: 'CA' })).pkg.id,
        choices: { applyingFrom: 'CA' },
        members: [fifteen],
      }),
    });

  it('shows the age rules, and an admin changes them: a new application is held to them at once', async () => {
    const packages = await renewal();
    const adult = packages.find((p) => p.slug === 'adult-36-pages');
    const minor = packages.find((p) => p.slug === 'minor');
    expect(adult?.applicantKinds).toEqual(['Adult']);
    expect(adult?.prices.find((p) => p.applyingFrom === 'CA')?.applicantFromAge).toBe(15);
    const canadian = minor?.prices.find((p) => p.applyingFrom === 'CA');
    if (!canadian) throw new Error('no Canadian minor price');
    expect(canadian.applicantUnderAge).toBe(15);

    expect((await startMinorFromCanada()).json().message).toBe(APPLICANT_MESSAGES.tooOld('Kabir Sharma', 15));
    const url = `/api/v1/admin/catalog/prices/${canadian.id}`;
    const raised = await app.inject({ method: 'PATCH', url, headers: asAdmin(), payload: { applicantUnderAge: 16 } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await startMinorFromCanada()).statusCode).toBe(201);

    const empty = await app.inject({ method: 'PATCH', url, headers: asAdmin(), payload: { applicantFromAge: 16 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.applicantFromAge).toBe(CATALOG_MESSAGES.ageRangeEmpty);
    const notYears = await app.inject({
      method: 'PATCH',
      url,
      headers: asAdmin(),
      payload: { applicantUnderAge: 15.5 },
    });
    expect(notYears.json().errors.applicantUnderAge).toBe('The upper age must be in whole years');

    const anyone = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/catalog/packages/${minor?.id}`,
      headers: asAdmin(),
      payload: { applicantKinds: null },
    });
    expect(anyone.statusCode, anyone.body).toBe(200);
    expect((await renewal()).find((p) => p.slug === 'minor')?.applicantKinds).toBeNull();
  });
});
