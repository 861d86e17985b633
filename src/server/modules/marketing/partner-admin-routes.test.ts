import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { filePart } from '../../test/multipart.ts';
import { pdfWithPages } from '../../test/upload-fixtures.ts';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

const auditActions = async (id: number) =>
  (await auditOf('partner', id)).map(({ action, before, after }) => ({ action, before, after }));

const logoPng = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#2060d0' } })
    .png()
    .toBuffer();
const uploadLogo = async (id: number, headers?: Record<string, string>, data?: Buffer) =>
  t.upload(`/admin/partners/${id}/logo`, filePart('logo.png', data ?? (await logoPng()), 'image/png'), headers);

const partner = {
  name: 'Apostille Express',
  description: 'Apostilles and notarised copies for your documents, in two working days.',
  link: 'https://apostille.example',
};
const publicPartners = async () =>
  (await call('GET', '/partner-service?limit=100')).json().data.results as { id: number; name: string; logo: string }[];

describe('partner services are for admins', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/partners', undefined],
    ['POST', '/admin/partners', partner],
    ['PUT', '/admin/partners/1', partner],
    ['PATCH', '/admin/partners/1', { isActive: false }],
    ['DELETE', '/admin/partners/1', undefined],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer 403 and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });

  it('POST /admin/partners/{id}/logo answers a visitor 401, a customer 403 and staff 403', async () => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => uploadLogo(1, headers));
  });
});

describe('partner services', () => {
  it('creates, edits, hides, moves and deletes; the home page list shows each change at once; audited', async () => {
    const changes = t.countChanges();
    const created = await asAdmin('POST', '/admin/partners', { ...partner, position: 4 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ ...partner, logo: null, isActive: true, position: 4 });
    expect(changes.count).toBe(1);
    expect((await publicPartners()).map((p) => p.name)).toContain('Apostille Express');

    const renamed = { ...partner, name: 'Apostille Direct', position: 4 };
    const edited = await asAdmin('PUT', `/admin/partners/${id}`, {
      ...renamed,
      updatedAt: created.json().data.updatedAt,
    });
    expect((await publicPartners()).map((p) => p.name)).toContain('Apostille Direct');
    // Saving the same values writes no entry and clears nothing.
    await asAdmin('PUT', `/admin/partners/${id}`, { ...renamed, updatedAt: edited.json().data.updatedAt });
    expect(changes.count).toBe(2);
    changes.stop();

    await asAdmin('PATCH', `/admin/partners/${id}`, { position: 1 });
    await asAdmin('PATCH', `/admin/partners/${id}`, { isActive: false });
    expect((await publicPartners()).map((p) => p.id)).not.toContain(id);

    expect((await asAdmin('DELETE', `/admin/partners/${id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/admin/partners/${id}`)).json().message).toBe('Partner service not found');

    expect(await auditActions(id)).toEqual([
      {
        action: 'partner.create',
        before: null,
        after: { ...partner, logo: null, isActive: true, position: 4 },
      },
      { action: 'partner.edit', before: { name: 'Apostille Express' }, after: { name: 'Apostille Direct' } },
      { action: 'partner.position', before: { position: 4 }, after: { position: 1 } },
      { action: 'partner.visibility', before: { isActive: true }, after: { isActive: false } },
      {
        action: 'partner.delete',
        before: expect.objectContaining({ name: 'Apostille Direct', isActive: false }),
        after: null,
      },
    ]);
  });

  it('stores an uploaded logo re-encoded, shows it on the public list, and drops the replaced one', async () => {
    const { id } = (await asAdmin('POST', '/admin/partners', partner)).json().data;
    const uploaded = await uploadLogo(id);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().message).toBe('Image saved');
    const { logo } = uploaded.json().data;
    expect(logo).toMatch(/^uploads\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.(jpg|png)$/);
    expect((await publicPartners()).find((p) => p.id === id)?.logo).toBe(logo);
    expect((await t.app.inject({ url: `/media/${logo}` })).statusCode).toBe(200);

    const { logo: second, updatedAt } = (await uploadLogo(id)).json().data;
    expect((await t.app.inject({ url: `/media/${logo}` })).statusCode).toBe(404);
    expect(await t.app.storage.exists(logo.replace('uploads/', ''))).toBe(false);
    // An edit of the texts keeps the logo.
    await asAdmin('PUT', `/admin/partners/${id}`, { ...partner, description: 'Now with courier pick-up.', updatedAt });
    expect((await asAdmin('GET', '/admin/partners')).json().data.find((p: { id: number }) => p.id === id).logo).toBe(
      second,
    );

    await asAdmin('DELETE', `/admin/partners/${id}`);
    expect((await t.app.inject({ url: `/media/${second}` })).statusCode).toBe(404);
    expect((await auditActions(id)).map((e) => e.action)).toEqual([
      'partner.create',
      'partner.logo',
      'partner.logo',
      'partner.edit',
      'partner.delete',
    ]);
  });

  it('keeps a hidden partner hidden, and its place, when an edit leaves out isActive and position', async () => {
    const { id } = (await asAdmin('POST', '/admin/partners', { ...partner, position: 6 })).json().data;
    const hidden = (await asAdmin('PATCH', `/admin/partners/${id}`, { isActive: false })).json().data;
    const edited = await asAdmin('PUT', `/admin/partners/${id}`, {
      ...partner,
      name: 'Apostille Direct',
      updatedAt: hidden.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Apostille Direct', isActive: false, position: 6 });
    expect((await publicPartners()).map((p) => p.id)).not.toContain(id);
    expect((await auditActions(id)).at(-1)).toEqual({
      action: 'partner.edit',
      before: { name: partner.name },
      after: { name: 'Apostille Direct' },
    });
  });

  it('refuses a file that is not an image and a partner that does not exist', async () => {
    const { id } = (await asAdmin('POST', '/admin/partners', partner)).json().data;
    expect((await uploadLogo(id, undefined, await pdfWithPages())).statusCode).toBe(415);
    expect((await uploadLogo(999_999)).statusCode).toBe(404);
  });

  it('refuses what the form refuses, with the field named', async () => {
    const res = await asAdmin('POST', '/admin/partners', { name: ' ', description: '', link: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Enter the name',
      description: 'Enter the description',
      link: 'Enter a link starting with https:// or /',
    });
  });
});
