import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeadSchema } from '../../../domain/marketing/campaign-lead.ts';
import { LEAD_RATE_LIMIT } from '../../../domain/marketing/campaigns.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { banners, campaignLeads, offers, partnerServices } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('GET /api/v1/offer-management', () => {
  it('lists only active offers in their date window, with page 1 and limit 10 by default', async () => {
    const day = 86_400_000;
    await t.database.db.insert(offers).values([
      { title: 'Not yet', description: 'Starts tomorrow', startsAt: new Date(Date.now() + day), position: -2 },
      { title: 'Over', description: 'Ended yesterday', endsAt: new Date(Date.now() - day), position: -2 },
      {
        title: 'This week',
        description: 'Running now',
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + day),
        position: -1,
      },
    ]);
    // Rows written straight to the database: the service's cached lists must be dropped.
    t.app.services.marketing.invalidate();
    const res = await get('/api/v1/offer-management');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, limit: 10 });
    const titles = data.results.map((o: { title: string }) => o.title);
    expect(titles[0]).toBe('This week');
    expect(titles).toContain('Give $5, get $5');
    for (const hidden of ['Not yet', 'Over', 'Diwali family offer']) expect(titles).not.toContain(hidden);
    for (const offer of data.results) {
      expect(Object.keys(offer).sort()).toEqual(['description', 'id', 'isActive', 'title']);
      expect(offer.isActive).toBe(true);
    }
    expect(data.totalCount).toBe(data.results.length);
  });

  it('pages', async () => {
    const all = (await get('/api/v1/offer-management?page=1&limit=10')).json().data;
    const second = (await get('/api/v1/offer-management?page=2&limit=1')).json().data;
    expect(second).toMatchObject({ page: 2, limit: 1, totalCount: all.totalCount });
    expect(second.results).toEqual(all.results.slice(1, 2));
  });

  it.each([
    ['limit=abc', 'limit must be a number'],
    ['limit=0', 'limit must be 1 or more'],
    ['limit=101', 'limit must be at most 100'],
    ['page=0', 'page must be 1 or more'],
  ])('answers %s with a 400 envelope', async (query, message) => {
    for (const path of ['/api/v1/offer-management', '/api/v1/banner-management/active', '/api/v1/partner-service']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 400, message });
    }
  });
});

describe('GET /api/v1/banner-management/active', () => {
  it('lists the active banners, the seeded one first, with image path, link and button text', async () => {
    const res = await get('/api/v1/banner-management/active?page=1&limit=10');
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data.results;
    expect(first).toMatchObject({
      bannerImage: 'banners/oci-family-season.svg',
      link: '/oci-card',
      buttonText: 'Start your OCI application',
    });
    expect(first.altText.length).toBeGreaterThan(20);
  });

  it('leaves out inactive banners and answers an empty list when none is active', async () => {
    await t.database.db.update(banners).set({ isActive: false });
    t.app.services.marketing.invalidate();
    const data = (await get('/api/v1/banner-management/active')).json().data;
    expect(data).toEqual({ results: [], totalCount: 0, page: 1, limit: 10 });
    await t.database.db.update(banners).set({ isActive: true });
    t.app.services.marketing.invalidate();
  });
});

describe('GET /api/v1/partner-service', () => {
  it('lists the active partner services with logo and link', async () => {
    const [hidden] = await t.database.db
      .insert(partnerServices)
      .values({ name: 'Retired partner', description: 'No longer offered', isActive: false })
      .returning();
    t.app.services.marketing.invalidate();
    const res = await get('/api/v1/partner-service');
    expect(res.statusCode).toBe(200);
    const { results } = res.json().data;
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(results.map((p: { name: string }) => p.name)).not.toContain('Retired partner');
    for (const partner of results) {
      expect(partner.description.length).toBeGreaterThan(40);
      expect(partner.logo).toMatch(/^partners\/[a-z-]+\.svg$/);
    }
    await t.database.db.delete(partnerServices).where(eq(partnerServices.id, hidden?.id ?? 0));
    t.app.services.marketing.invalidate();
  });
});

describe('campaign leads', () => {
  const lead = campaignLeadSchema(() => '2026-11-22').parse({
    campaign: 'indian-tourist-visa',
    name: 'Kavita Rao',
    email: 'kavita@example.com',
    phone: '604 555 0142',
    travelDate: '2026-12-20',
    message: 'Two adults, US passports, landing in Kochi.',
  });

  it('stores the lead and e-mails it to support', async () => {
    const result = await t.app.services.marketing.submitLead(lead, { ip: '10.3.0.1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await t.database.db.select().from(campaignLeads).where(eq(campaignLeads.id, result.value.id));
    expect(row).toMatchObject({ campaign: 'indian-tourist-visa', name: 'Kavita Rao', travelDate: '2026-12-20' });
    const [mail] = await deliveredMail(t.app, 1);
    expect(mail?.to).toBe('support@sevadocs.example');
    expect(mail?.subject).toBe(`New lead #${result.value.id} from /indian-tourist-visa: Kavita Rao`);
    expect(mail?.text).toContain('Travel date: 2026-12-20');
    expect(mail?.replyTo).toBe('kavita@example.com');
  });

  it('refuses a filled honeypot and too many leads from one address', async () => {
    expect(await t.app.services.marketing.submitLead({ ...lead, website: 'x' })).toEqual({
      ok: false,
      status: 400,
      message: 'We could not accept this form. Please reload the page and try again.',
    });
    const ip = '10.3.0.2';
    for (let i = 0; i < LEAD_RATE_LIMIT.max; i++) {
      expect((await t.app.services.marketing.submitLead(lead, { ip })).ok).toBe(true);
    }
    const refused = await t.app.services.marketing.submitLead(lead, { ip });
    expect(refused).toEqual({
      ok: false,
      status: 429,
      message: 'You have sent several requests in a short time. Please wait a few minutes before trying again.',
      retryAfterSeconds: expect.any(Number),
    });
    // Until the window's first lead leaves it.
    const wait = refused.ok ? 0 : (refused.retryAfterSeconds ?? 0);
    expect(wait).toBeGreaterThan(LEAD_RATE_LIMIT.windowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(LEAD_RATE_LIMIT.windowMs / 1000);
  });
});

describe('marketing lists in memory', () => {
  it('are read from the database once a minute at most, and again at once after invalidate()', async () => {
    const before = (await get('/api/v1/partner-service')).json().data.totalCount;
    const [added] = await t.database.db
      .insert(partnerServices)
      .values({ name: 'Apostille desk', description: 'Apostille and attestation of US documents for use in India.' })
      .returning();
    expect((await get('/api/v1/partner-service')).json().data.totalCount).toBe(before);
    t.app.services.marketing.invalidate();
    expect((await get('/api/v1/partner-service')).json().data.totalCount).toBe(before + 1);
    await t.database.db.delete(partnerServices).where(eq(partnerServices.id, added?.id ?? 0));
    t.app.services.marketing.invalidate();
  });
});
