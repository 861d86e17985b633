import { describe, expect, it } from 'vitest';
import { type AdminArticle, EDIT_MESSAGES } from '../../../domain/admin/content.ts';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

let n = 0;
const nextSlug = () => {
  n += 1;
  return `oci-renewal-guide-${Date.now().toString(36)}-${n}`;
};
const article = () => ({
  slug: nextSlug(),
  title: 'Renewing an OCI card',
  summary: 'What to send and when.',
  body: '## Documents\n\nYour old passport and the new one.',
  author: 'SevaDocs team',
});

describe('the articles section is for admins', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/articles', undefined],
    ['POST', '/admin/articles', article()],
    ['PUT', '/admin/articles/1', article()],
    ['PATCH', '/admin/articles/1', { isPublished: false }],
    ['DELETE', '/admin/articles/1', undefined],
    ['GET', '/admin/terms', undefined],
    ['POST', '/admin/terms/1/sections', { name: 'Cookies', description: 'We use one cookie.' }],
    ['PUT', '/admin/term-sections/1', { name: 'Cookies', description: 'We use one cookie.' }],
    ['DELETE', '/admin/term-sections/1', undefined],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer 403 and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });
});

describe('articles', () => {
  it('an edit shows on the public article at once, rendered and sanitised; withdraw and delete hide it', async () => {
    const written = article();
    const created = await asAdmin('POST', '/admin/articles', written);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const publicArticle = () => call('GET', `/article/${written.slug}`);
    expect((await publicArticle()).json().data.html).toContain('Your old passport');

    const body = '## Documents\n\nBring **both** passports.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>';
    const loadedAt = created.json().data.updatedAt;
    const edited = await asAdmin('PUT', `/admin/articles/${id}`, {
      ...written,
      body,
      isPublished: true,
      updatedAt: loadedAt,
    });
    expect(edited.statusCode).toBe(200);
    const html: string = (await publicArticle()).json().data.html;
    expect(html).toContain('<strong>both</strong>');
    // Raw HTML in the Markdown is shown as text, never as markup.
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');

    await asAdmin('PATCH', `/admin/articles/${id}`, { isPublished: false });
    expect((await publicArticle()).statusCode).toBe(404);
    await asAdmin('PATCH', `/admin/articles/${id}`, { isPublished: true });
    expect((await publicArticle()).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/admin/articles/${id}`)).statusCode).toBe(200);
    expect((await publicArticle()).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/admin/articles/${id}`)).statusCode).toBe(404);

    const audit = await t.app.services.audit.list({
      page: 1,
      limit: 100,
      sort: 'createdAt',
      dir: 'asc',
      q: undefined,
      subjectType: 'article',
      subjectId: String(id),
    });
    expect(audit.results.map((e) => e.action)).toEqual([
      'article.create',
      'article.edit',
      'article.publish',
      'article.publish',
      'article.delete',
    ]);
    expect(audit.results[1]).toMatchObject({ before: { body: written.body }, after: { body } });
    expect(audit.results[2]).toMatchObject({ before: { isPublished: true }, after: { isPublished: false } });
  });

  it('keeps addresses unique and refuses what the form refuses', async () => {
    const first = article();
    await asAdmin('POST', '/admin/articles', first);
    const again = await asAdmin('POST', '/admin/articles', { ...article(), slug: first.slug });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another article already uses this address');
    const other = (await asAdmin('POST', '/admin/articles', article())).json().data;
    const clash = await asAdmin('PUT', `/admin/articles/${other.id}`, {
      ...article(),
      slug: first.slug,
      isPublished: true,
      updatedAt: other.updatedAt,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Another article already uses this address');

    const bad = await asAdmin('POST', '/admin/articles', { ...article(), slug: 'Not A Slug', body: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      slug: 'Use lower-case letters, digits and hyphens (e.g. oci-renewal-guide)',
      body: 'Write the article',
    });
  });

  it('refuses a save made from a copy another admin has changed since (409), changing nothing', async () => {
    const { id } = (await asAdmin('POST', '/admin/articles', article())).json().data;
    const adminCopy = async (): Promise<AdminArticle> =>
      (await asAdmin('GET', '/admin/articles')).json().data.find((a: { id: number }) => a.id === id);
    const titleFix = ({ id: _, publishedAt: __, ...loaded }: AdminArticle) => ({
      ...loaded,
      title: 'Renewing an OCI card in 2027',
    });
    // Admin B opens the article; admin A then withdraws it.
    const loadedByB = await adminCopy();
    expect((await asAdmin('PATCH', `/admin/articles/${id}`, { isPublished: false })).statusCode).toBe(200);
    const withdrawn = await adminCopy();

    const stale = await asAdmin('PUT', `/admin/articles/${id}`, titleFix(loadedByB));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(EDIT_MESSAGES.stale);
    expect(await adminCopy()).toEqual(withdrawn);
    expect((await call('GET', `/article/${withdrawn.slug}`)).statusCode).toBe(404);
    expect((await auditOf('article', id)).map((e) => e.action)).toEqual(['article.create', 'article.publish']);

    // Reloaded, B's fix goes through and keeps A's withdrawal.
    const fresh = await asAdmin('PUT', `/admin/articles/${id}`, titleFix(withdrawn));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ title: 'Renewing an OCI card in 2027', isPublished: false });
    expect(Date.parse(fresh.json().data.updatedAt)).toBeGreaterThan(Date.parse(withdrawn.updatedAt));

    // An edit says which copy it was made from, and whether the article shows.
    const { updatedAt: _, isPublished: __, ...unversioned } = titleFix(withdrawn);
    const refused = await asAdmin('PUT', `/admin/articles/${id}`, unversioned);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({
      updatedAt: EDIT_MESSAGES.loadedAtRequired,
      isPublished: 'isPublished must be true or false',
    });
  });

  it('tells the page cache through the one content-changed hook', async () => {
    const changes = t.countChanges();
    await asAdmin('POST', '/admin/articles', article());
    expect(changes.count).toBe(1);
    changes.stop();
  });
});

describe('terms and privacy sections', () => {
  it('adds, edits, moves and removes a section; the public terms show each change at once; audited', async () => {
    const terms = (await asAdmin('GET', '/admin/terms')).json().data as { id: number; name: string }[];
    const privacy = terms.find((term) => /privacy/i.test(term.name)) ?? terms[0];
    if (!privacy) throw new Error('no policy terms seeded');
    const publicSections = async () =>
      (
        (await call('GET', '/terms-condition/terms')).json().data.results as {
          id: number;
          sections: { name: string }[];
        }[]
      )
        .find((term) => term.id === privacy.id)
        ?.sections.map((section) => section.name) ?? [];

    const added = await asAdmin('POST', `/admin/terms/${privacy.id}/sections`, {
      name: 'Data we keep',
      description: 'Your **order** details.',
      position: 999,
    });
    expect(added.statusCode).toBe(201);
    const { id } = added.json().data;
    expect((await publicSections()).at(-1)).toBe('Data we keep');
    const adminTerm = (await t.app.services.content.adminListTerms()).find((term) => term.id === privacy.id);
    expect(adminTerm?.sections.at(-1)).toMatchObject({ id, name: 'Data we keep', position: 999 });

    await asAdmin('PUT', `/admin/term-sections/${id}`, {
      name: 'Data we keep',
      description: 'Your order.',
      position: 0,
      updatedAt: added.json().data.updatedAt,
    });
    const sections = await publicSections();
    expect(sections.indexOf('Data we keep')).toBeLessThan(sections.length - 1);

    expect((await asAdmin('DELETE', `/admin/term-sections/${id}`)).statusCode).toBe(200);
    expect(await publicSections()).not.toContain('Data we keep');
    expect((await asAdmin('DELETE', `/admin/term-sections/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/admin/terms/999999/sections', { name: 'x', description: 'y' })).statusCode).toBe(
      404,
    );

    const audit = await t.app.services.audit.list({
      page: 1,
      limit: 100,
      sort: 'createdAt',
      dir: 'asc',
      q: undefined,
      subjectType: 'term-section',
      subjectId: String(id),
    });
    expect(audit.results.map((e) => e.action)).toEqual([
      'term-section.create',
      'term-section.edit',
      'term-section.delete',
    ]);
    expect(audit.results[1]).toMatchObject({
      before: { description: 'Your **order** details.', position: 999 },
      after: { description: 'Your order.', position: 0 },
    });
  });

  it('refuses an edit made from a copy someone has changed since (409), changing nothing', async () => {
    const added = (
      await asAdmin('POST', '/admin/terms/1/sections', { name: 'Cookies', description: 'We use one cookie.' })
    ).json().data;
    const current = async () =>
      (await t.app.services.content.adminListTerms()).flatMap((term) => term.sections).find((s) => s.id === added.id);
    const fresh = await asAdmin('PUT', `/admin/term-sections/${added.id}`, {
      name: 'Cookies',
      description: 'We use two cookies.',
      updatedAt: added.updatedAt,
    });
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(fresh.json().data.updatedAt)).toBeGreaterThan(Date.parse(added.updatedAt));
    const saved = await current();

    const stale = await asAdmin('PUT', `/admin/term-sections/${added.id}`, {
      name: 'Cookies',
      description: 'We use no cookies.',
      updatedAt: added.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(EDIT_MESSAGES.stale);
    expect(await current()).toEqual(saved);
    expect(saved).toMatchObject({ description: 'We use two cookies.' });
    expect((await auditOf('term-section', added.id)).map((e) => e.action)).toEqual([
      'term-section.create',
      'term-section.edit',
    ]);
  });

  it('keeps a section’s place when an edit leaves out the position', async () => {
    const added = (
      await asAdmin('POST', '/admin/terms/1/sections', { name: 'Storage', description: 'We keep files.', position: 42 })
    ).json().data;
    const edited = await asAdmin('PUT', `/admin/term-sections/${added.id}`, {
      name: 'Storage',
      description: 'We keep files for a year.',
      updatedAt: added.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ description: 'We keep files for a year.', position: 42 });
  });

  it('refuses an empty heading', async () => {
    const res = await asAdmin('POST', '/admin/terms/1/sections', { name: ' ', description: 'Text' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: 'Enter the section heading' });
  });
});
