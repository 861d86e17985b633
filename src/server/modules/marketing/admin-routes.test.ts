import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES } from '../../../domain/admin/content.ts';
import { filePart } from '../../test/multipart.ts';
import { jpegWithGps, pdfWithPages } from '../../test/upload-fixtures.ts';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

const bannerJpeg = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#d06020' } })
    .jpeg()
    .toBuffer();
const uploadImage = (id: number, data: Buffer, headers?: Record<string, string>, name = 'banner.jpg') =>
  t.upload(`/admin/banners/${id}/image`, filePart(name, data, 'image/jpeg'), headers);

const offer = { title: 'Passport renewal week', description: '10% off passport renewals until Sunday.' };
const banner = { altText: 'Family holding OCI cards', link: '/services', buttonText: 'See services' };

describe('the content section is for admins', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/offers', undefined],
    ['POST', '/admin/offers', offer],
    ['PUT', '/admin/offers/1', offer],
    ['PATCH', '/admin/offers/1', { isActive: false }],
    ['DELETE', '/admin/offers/1', undefined],
    ['GET', '/admin/banners', undefined],
    ['POST', '/admin/banners', banner],
    ['PUT', '/admin/banners/1', banner],
    ['PATCH', '/admin/banners/1', { position: 3 }],
    ['DELETE', '/admin/banners/1', undefined],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer 403 and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });

  it('POST /admin/banners/{id}/image answers a visitor 401, a customer 403 and staff 403, storing nothing', async () => {
    const image = await bannerJpeg();
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => uploadImage(1, image, headers));
  });
});

describe('offers', () => {
  it('creates, edits, hides, moves and deletes, each audited with only the changed fields', async () => {
    const created = await asAdmin('POST', '/admin/offers', { ...offer, position: 5 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ ...offer, isActive: true, position: 5, startsAt: null, endsAt: null });

    const edited = await asAdmin('PUT', `/admin/offers/${id}`, {
      ...offer,
      title: 'Passport renewal fortnight',
      position: 5,
      updatedAt: created.json().data.updatedAt,
    });
    expect(edited.json().data.title).toBe('Passport renewal fortnight');
    await asAdmin('PATCH', `/admin/offers/${id}`, { isActive: false });
    await asAdmin('PATCH', `/admin/offers/${id}`, { position: 2 });
    // The same again changes nothing and writes no entry.
    await asAdmin('PATCH', `/admin/offers/${id}`, { position: 2 });
    const list = await asAdmin('GET', '/admin/offers');
    expect(list.json().data.find((o: { id: number }) => o.id === id)).toMatchObject({ isActive: false, position: 2 });

    expect((await asAdmin('DELETE', `/admin/offers/${id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/admin/offers/${id}`)).statusCode).toBe(404);
    const { updatedAt } = edited.json().data;
    expect((await asAdmin('PUT', `/admin/offers/${id}`, { ...offer, updatedAt })).statusCode).toBe(404);

    expect(await auditOf('offer', id)).toEqual([
      {
        action: 'offer.create',
        actorEmail: t.admin.email,
        before: null,
        after: { ...offer, isActive: true, position: 5, startsAt: null, endsAt: null },
      },
      {
        action: 'offer.edit',
        actorEmail: t.admin.email,
        before: { title: offer.title },
        after: { title: 'Passport renewal fortnight' },
      },
      { action: 'offer.visibility', actorEmail: t.admin.email, before: { isActive: true }, after: { isActive: false } },
      { action: 'offer.position', actorEmail: t.admin.email, before: { position: 5 }, after: { position: 2 } },
      {
        action: 'offer.delete',
        actorEmail: t.admin.email,
        before: expect.objectContaining({ title: 'Passport renewal fortnight', isActive: false, position: 2 }),
        after: null,
      },
    ]);
  });

  it('refuses what the form refuses, with the field named', async () => {
    const res = await asAdmin('POST', '/admin/offers', {
      title: ' ',
      description: offer.description,
      startsAt: '2026-12-10T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: 'Enter the title', endsAt: 'The end must be after the start' });
  });

  it('shows an edit on the public offers strip at once (the read cache is cleared)', async () => {
    const { id, updatedAt } = (
      await asAdmin('POST', '/admin/offers', { ...offer, title: 'Before the edit', position: 0 })
    ).json().data;
    const titles = async () =>
      (await call('GET', '/offer-management?limit=100')).json().data.results.map((o: { title: string }) => o.title);
    expect(await titles()).toContain('Before the edit');
    await asAdmin('PUT', `/admin/offers/${id}`, { ...offer, title: 'After the edit', position: 0, updatedAt });
    expect(await titles()).toContain('After the edit');
    expect(await titles()).not.toContain('Before the edit');
    await asAdmin('PATCH', `/admin/offers/${id}`, { isActive: false });
    expect(await titles()).not.toContain('After the edit');
  });

  it('refuses a save made from a copy another admin has changed since (409), changing nothing', async () => {
    const loaded = (await asAdmin('POST', '/admin/offers', offer)).json().data;
    const adminCopy = async () =>
      (await asAdmin('GET', '/admin/offers')).json().data.find((o: { id: number }) => o.id === loaded.id);
    // Another admin hides the offer after this one loaded it.
    await asAdmin('PATCH', `/admin/offers/${loaded.id}`, { isActive: false });
    const hidden = await adminCopy();

    const stale = await asAdmin('PUT', `/admin/offers/${loaded.id}`, {
      ...offer,
      title: 'Passport renewal fortnight',
      isActive: true,
      updatedAt: loaded.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(EDIT_MESSAGES.stale);
    expect(await adminCopy()).toEqual(hidden);
    expect((await auditOf('offer', loaded.id)).map((e) => e.action)).toEqual(['offer.create', 'offer.visibility']);

    const fresh = await asAdmin('PUT', `/admin/offers/${loaded.id}`, {
      ...offer,
      title: 'Passport renewal fortnight',
      isActive: false,
      updatedAt: hidden.updatedAt,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ title: 'Passport renewal fortnight', isActive: false });
    expect(Date.parse(fresh.json().data.updatedAt)).toBeGreaterThan(Date.parse(hidden.updatedAt));
  });

  it('keeps a hidden offer hidden, and its place, when an edit leaves out isActive and position', async () => {
    const { id } = (await asAdmin('POST', '/admin/offers', { ...offer, position: 5 })).json().data;
    const hidden = (await asAdmin('PATCH', `/admin/offers/${id}`, { isActive: false })).json().data;
    const edited = await asAdmin('PUT', `/admin/offers/${id}`, {
      ...offer,
      title: 'Passport renewal fortnight',
      updatedAt: hidden.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Passport renewal fortnight', isActive: false, position: 5 });
    expect((await auditOf('offer', id)).at(-1)).toMatchObject({
      action: 'offer.edit',
      before: { title: offer.title },
      after: { title: 'Passport renewal fortnight' },
    });
    // Sent, they change.
    const shown = await asAdmin('PUT', `/admin/offers/${id}`, {
      ...offer,
      isActive: true,
      position: 1,
      updatedAt: edited.json().data.updatedAt,
    });
    expect(shown.json().data).toMatchObject({ isActive: true, position: 1 });
  });

  it('tells the page cache too, through the one content-changed hook', async () => {
    const changes = t.countChanges();
    await asAdmin('POST', '/admin/offers', offer);
    expect(changes.count).toBe(1);
    changes.stop();
  });
});

describe('banners and their images', () => {
  it('starts hidden, refuses to show without an image, then stores a re-encoded upload served at its media URL', async () => {
    const created = await asAdmin('POST', '/admin/banners', { ...banner, isActive: true });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ ...banner, bannerImage: '', isActive: false });
    const refused = await asAdmin('PATCH', `/admin/banners/${id}`, { isActive: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Upload the banner image before showing it');

    const gpsJpeg = await sharp(await jpegWithGps())
      .resize(400, 200)
      .withExif({ IFD0: { Make: 'SevaCam' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadImage(id, gpsJpeg);
    expect(uploaded.statusCode).toBe(200);
    const { bannerImage } = uploaded.json().data;
    expect(bannerImage).toMatch(/^uploads\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.jpg$/);

    // Not public while hidden? It is served (admins preview it), but only because a banner uses it.
    const served = await t.app.inject({ url: `/media/${bannerImage}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();

    expect((await asAdmin('PATCH', `/admin/banners/${id}`, { isActive: true })).statusCode).toBe(200);
    const publicList = (await call('GET', '/banner-management/active?limit=100')).json().data.results;
    expect(publicList.find((b: { id: number }) => b.id === id)).toMatchObject({ bannerImage, ...banner });

    // A new image replaces the old one, which leaves storage and stops being served.
    const second = (await uploadImage(id, await bannerJpeg())).json().data.bannerImage;
    expect(second).not.toBe(bannerImage);
    expect((await t.app.inject({ url: `/media/${bannerImage}` })).statusCode).toBe(404);
    expect(await t.app.storage.exists(bannerImage.replace('uploads/', ''))).toBe(false);

    expect((await asAdmin('DELETE', `/admin/banners/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/media/${second}` })).statusCode).toBe(404);
    expect(await t.app.storage.exists(second.replace('uploads/', ''))).toBe(false);

    expect((await auditOf('banner', id)).map((e) => e.action)).toEqual([
      'banner.create',
      'banner.image',
      'banner.visibility',
      'banner.image',
      'banner.delete',
    ]);
    const [, firstImage] = await auditOf('banner', id);
    expect(firstImage).toMatchObject({ before: { bannerImage: '' }, after: { bannerImage } });
  });

  it('keeps a shown banner shown, and its place, when an edit leaves out isActive and position', async () => {
    const { id } = (await asAdmin('POST', '/admin/banners', banner)).json().data;
    expect((await uploadImage(id, await bannerJpeg())).statusCode).toBe(200);
    const shown = (await asAdmin('PATCH', `/admin/banners/${id}`, { isActive: true, position: 3 })).json().data;
    const edited = await asAdmin('PUT', `/admin/banners/${id}`, {
      ...banner,
      altText: 'A family at the consulate',
      updatedAt: shown.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      altText: 'A family at the consulate',
      bannerImage: shown.bannerImage,
      isActive: true,
      position: 3,
    });
  });

  it('refuses files that are not images, files over 5 MB and banners that do not exist', async () => {
    const { id } = (await asAdmin('POST', '/admin/banners', banner)).json().data;
    const pdf = await uploadImage(id, await pdfWithPages(), undefined, 'banner.jpg');
    expect(pdf.statusCode).toBe(415);
    const html = await uploadImage(id, Buffer.from('<html><script>alert(1)</script></html>'), undefined, 'x.jpg');
    expect(html.statusCode).toBe(415);
    const big = Buffer.concat([await bannerJpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await uploadImage(id, big)).statusCode).toBe(413);
    expect((await uploadImage(999_999, await bannerJpeg())).statusCode).toBe(404);
    expect((await asAdmin('GET', '/admin/banners')).json().data.find((b: { id: number }) => b.id === id)).toMatchObject(
      {
        bannerImage: '',
      },
    );
  });

  it('never serves a stored file no banner uses (a customer document has a key of the same shape)', async () => {
    const stored = await t.app.storage.put(Readable.from([await bannerJpeg()]), { contentType: 'image/jpeg' });
    expect((await t.app.inject({ url: `/media/uploads/${stored.key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/uploads/..%2F..%2Fetc/passwd' })).statusCode).toBe(404);
  });

  it('refuses links a visitor should not follow and a button without a link', async () => {
    for (const link of ['javascript:alert(1)', 'http://example.com', '//evil.example']) {
      const res = await asAdmin('POST', '/admin/banners', { ...banner, link });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.link).toBe('Enter a link starting with https:// or /');
    }
    const noLink = await asAdmin('POST', '/admin/banners', { ...banner, link: '' });
    expect(noLink.json().errors.link).toBe('A button needs a link');
  });
});
