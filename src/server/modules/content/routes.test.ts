import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_POLICY, TERMS_OF_USE } from '../../db/seed/content-data.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { users } from '../users/tables.ts';
import { articles, policyTerms, termSections } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('GET /api/v1/about', () => {
  it('returns our story, the team, our vision and the four values with icons', async () => {
    const res = await get('/api/v1/about');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200 });
    const { story, team, vision, values } = body.data;
    expect(story.map((b: { title: string }) => b.title)).toEqual(['Our Story']);
    expect(vision.map((b: { title: string }) => b.title)).toEqual(['Our Vision']);
    expect(values.map((v: { title: string }) => v.title)).toEqual([
      'Empathy',
      'Transparency',
      'Accuracy',
      'Balanced Approach',
    ]);
    for (const value of values) {
      expect(value.icon, value.title).toMatch(/^[a-z-]+$/);
      expect(value.description.length, value.title).toBeGreaterThan(60);
    }
    expect(team.length).toBeGreaterThanOrEqual(4);
    for (const member of team) {
      expect(Object.keys(member).sort()).toEqual(['id', 'image', 'jobDescription', 'name']);
    }
    // Some members have a portrait and some do not: the page must handle both.
    expect(team.some((m: { image: string | null }) => m.image === null)).toBe(true);
    expect(team.some((m: { image: string | null }) => m.image !== null)).toBe(true);
  });
});

describe('GET /api/v1/terms-condition/terms', () => {
  it('lists Terms of Use and Privacy Policy and Cookies with their sections in order', async () => {
    const res = await get('/api/v1/terms-condition/terms');
    expect(res.statusCode).toBe(200);
    const { results, totalCount } = res.json().data;
    expect(results.map((r: { name: string }) => r.name)).toEqual([TERMS_OF_USE, PRIVACY_POLICY]);
    expect(totalCount).toBe(2);
    const privacy = results[1];
    expect(Object.keys(privacy).sort()).toEqual([
      'createdAt',
      'deletedAt',
      'description',
      'id',
      'name',
      'sections',
      'updatedAt',
    ]);
    expect(privacy.sections.map((s: { name: string }) => s.name)).toEqual([
      'Consent',
      'Information we collect',
      'How we use your information and log files',
      'Cookies and web beacons',
      'Third-party advertising partners',
      'Third-party privacy policies',
      'CCPA privacy rights (do not sell my personal information)',
      'GDPR data protection rights',
      "Children's information",
    ]);
    for (const section of privacy.sections) expect(section.termId).toBe(privacy.id);
    const gdpr = privacy.sections.find((s: { name: string }) => s.name.startsWith('GDPR'));
    expect(gdpr.description).toContain('If you make a request, we have one month to respond to you.');
  });

  it('leaves out soft-deleted sections and terms', async () => {
    const [term] = await t.database.db.select().from(policyTerms).where(eq(policyTerms.name, TERMS_OF_USE));
    if (!term) throw new Error('seeded term missing');
    const [section] = await t.database.db
      .insert(termSections)
      .values({ termId: term.id, name: 'Withdrawn clause', description: 'Gone', position: 99, deletedAt: new Date() })
      .returning();
    const [deletedTerm] = await t.database.db
      .insert(policyTerms)
      .values({ name: 'Old cookie notice', description: 'Old', position: 5, deletedAt: new Date() })
      .returning();
    const { results } = (await get('/api/v1/terms-condition/terms')).json().data;
    expect(results.map((r: { name: string }) => r.name)).not.toContain('Old cookie notice');
    const terms = results.find((r: { name: string }) => r.name === TERMS_OF_USE);
    expect(terms.sections.map((s: { name: string }) => s.name)).not.toContain('Withdrawn clause');
    await t.database.db.delete(termSections).where(eq(termSections.id, section?.id ?? 0));
    await t.database.db.delete(policyTerms).where(eq(policyTerms.id, deletedTerm?.id ?? 0));
  });
});

describe('GET /api/v1/{brand}-content', () => {
  it('returns each brand’s own blocks', async () => {
    const docs = (await get('/api/v1/sevadocs-content')).json();
    expect(docs.data.brand).toBe('SEVADOCS');
    expect(docs.data.blocks.map((b: { kind: string }) => b.kind)).toContain('story');
    const photos = (await get('/api/v1/sevaphotos-content')).json();
    expect(photos.data.brand).toBe('SEVAPHOTOS');
    expect(photos.data.blocks.length).toBeGreaterThan(0);
    const docIds = new Set(docs.data.blocks.map((b: { id: number }) => b.id));
    for (const block of photos.data.blocks) expect(docIds.has(block.id)).toBe(false);
  });

  it('answers an unknown brand with a 404 envelope', async () => {
    const res = await get('/api/v1/otherbrand-content');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
  });
});

describe('GET /api/v1/refer-earn', () => {
  it('returns the title, description, three steps and the $5 amounts, without a link when signed out', async () => {
    const res = await get('/api/v1/refer-earn');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.content.title).toBe('Refer a friend, earn a $5 gift card');
    expect(data.content.howItsWorksData).toHaveLength(3);
    expect(data).toMatchObject({ friendDiscountCents: 500, giftCardCents: 500, referral: null });
  });

  it('adds the signed-in user’s own code and sign-up link, and no one else’s', async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/v1/refer-earn', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const code = row?.referralCode ?? '';
    expect(res.json().data.referral).toEqual({ code, link: `http://localhost:3000/signup?ref=${code}` });
    const theirs = (await t.app.inject({ url: '/api/v1/refer-earn', headers: bearer(other.token) })).json().data;
    expect(theirs.referral.code).not.toBe(code);
  });
});

describe('GET /api/v1/article', () => {
  it('lists published articles newest first with reading times and paging figures', async () => {
    const res = await get('/api/v1/article?page=1&limit=10');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, limit: 10 });
    expect(data.totalCount).toBeGreaterThanOrEqual(3);
    const dates = data.results.map((a: { publishedAt: string }) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const article of data.results) {
      expect(article.readingMinutes).toBeGreaterThanOrEqual(2);
      expect(article).not.toHaveProperty('body');
    }
    const second = (await get('/api/v1/article?page=2&limit=1')).json().data;
    expect(second.results).toEqual(data.results.slice(1, 2));
  });

  it('hides unpublished and future articles', async () => {
    await t.database.db.insert(articles).values([
      { slug: 'draft-piece', title: 'Draft', summary: 's', body: 'b', author: 'a', isPublished: false },
      {
        slug: 'scheduled-piece',
        title: 'Scheduled',
        summary: 's',
        body: 'b',
        author: 'a',
        publishedAt: new Date(Date.now() + 86_400_000),
      },
    ]);
    const slugs = (await get('/api/v1/article')).json().data.results.map((a: { slug: string }) => a.slug);
    expect(slugs).not.toContain('draft-piece');
    expect(slugs).not.toContain('scheduled-piece');
    expect((await get('/api/v1/article/draft-piece')).statusCode).toBe(404);
    expect((await get('/api/v1/article/scheduled-piece')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/article/:slug', () => {
  it('returns the article with its Markdown, safe HTML and service', async () => {
    const res = await get('/api/v1/article/indian-passport-renewal-fees-july-2026');
    expect(res.statusCode).toBe(200);
    const article = res.json().data;
    expect(article.title).toContain('1 July 2026');
    expect(article.body).toContain('| Adult, 36 pages (10-year validity) | $75 | **$125** |');
    expect(article.html).toContain('<table>');
    expect(article.html).toContain('<strong>$125</strong>');
    expect(article.service).toEqual({ name: 'Indian Passport Renewal', slug: 'indian-passport-renewal' });
  });

  it('answers 404 with a clear message for an unknown slug, 400 for a malformed one', async () => {
    const missing = await get('/api/v1/article/no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ isSuccess: false, message: "No article found for 'no-such-article'" });
    const bad = await get('/api/v1/article/Bad_Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('slug must be lowercase letters, digits and hyphens');
  });
});
