import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { filePart } from '../../test/multipart.ts';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

const photo = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#a05030' } })
    .jpeg()
    .toBuffer();
const uploadPhoto = async (id: number, headers?: Record<string, string>) =>
  t.upload(`/admin/team-members/${id}/image`, filePart('photo.jpg', await photo(), 'image/jpeg'), headers);

const member = { name: 'Meera Kapoor', jobDescription: 'Visa specialist. Eight years of e-visas and OCI files.' };
const about = async () => (await call('GET', '/about')).json().data;

describe('the About page content is for admins', () => {
  const endpoints: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/admin/team-members', undefined],
    ['POST', '/admin/team-members', member],
    ['PUT', '/admin/team-members/1', member],
    ['PATCH', '/admin/team-members/1', { position: 2 }],
    ['DELETE', '/admin/team-members/1', undefined],
    ['GET', '/admin/about-blocks', undefined],
    ['PUT', '/admin/about-blocks/1', { title: 'Our Story', description: 'We began in 2020.' }],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer 403 and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });

  it('POST /admin/team-members/{id}/image answers a visitor 401, a customer 403 and staff 403', async () => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => uploadPhoto(1, headers));
  });
});

describe('team members', () => {
  it('adds, edits, moves, gives a photo and removes; /about shows each change at once; audited', async () => {
    const changes = t.countChanges();
    const created = await asAdmin('POST', '/admin/team-members', { ...member, position: 9 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ ...member, image: null, position: 9 });
    expect(changes.count).toBe(1);
    changes.stop();
    expect((await about()).team.at(-1)).toMatchObject({ id, ...member });

    const placeOf = async () => ((await about()).team as { id: number }[]).findIndex((m) => m.id === id);
    const placed = await placeOf();
    const { updatedAt } = created.json().data;
    await asAdmin('PUT', `/admin/team-members/${id}`, { ...member, name: 'Meera K. Kapoor', position: 9, updatedAt });
    await asAdmin('PATCH', `/admin/team-members/${id}`, { position: 0 });
    expect(await placeOf()).toBeLessThan(placed);
    const shown = async () => (await about()).team.find((m: { id: number }) => m.id === id);
    expect(await shown()).toMatchObject({ name: 'Meera K. Kapoor' });

    const image = (await uploadPhoto(id)).json().data.image;
    expect(image).toMatch(/^uploads\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.jpg$/);
    expect((await shown()).image).toBe(image);
    const served = await t.app.inject({ url: `/media/${image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    expect((await asAdmin('DELETE', `/admin/team-members/${id}`)).statusCode).toBe(200);
    expect((await about()).team.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await t.app.inject({ url: `/media/${image}` })).statusCode).toBe(404);
    expect(await t.app.storage.exists(image.replace('uploads/', ''))).toBe(false);
    expect((await asAdmin('PUT', `/admin/team-members/${id}`, { ...member, updatedAt })).json().message).toBe(
      'Team member not found',
    );

    expect(await auditOf('team-member', id)).toEqual([
      {
        action: 'team-member.create',
        actorEmail: t.admin.email,
        before: null,
        after: { ...member, image: null, position: 9 },
      },
      {
        action: 'team-member.edit',
        actorEmail: t.admin.email,
        before: { name: 'Meera Kapoor' },
        after: { name: 'Meera K. Kapoor' },
      },
      { action: 'team-member.position', actorEmail: t.admin.email, before: { position: 9 }, after: { position: 0 } },
      { action: 'team-member.image', actorEmail: t.admin.email, before: { image: null }, after: { image } },
      {
        action: 'team-member.delete',
        actorEmail: t.admin.email,
        before: expect.objectContaining({ name: 'Meera K. Kapoor', image }),
        after: null,
      },
    ]);
  });

  it('refuses what the form refuses, with the field named', async () => {
    const res = await asAdmin('POST', '/admin/team-members', { name: '', jobDescription: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Enter the name',
      jobDescription: 'The description should not exceed 1,000 characters',
    });
    expect((await uploadPhoto(999_999)).statusCode).toBe(404);
  });
});

describe('an edit that leaves out the position', () => {
  it('keeps the team member’s place', async () => {
    const { id } = (await asAdmin('POST', '/admin/team-members', { ...member, position: 7 })).json().data;
    const moved = (await asAdmin('PATCH', `/admin/team-members/${id}`, { position: 8 })).json().data;
    const edited = await asAdmin('PUT', `/admin/team-members/${id}`, {
      ...member,
      name: 'Meera K. Kapoor',
      updatedAt: moved.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Meera K. Kapoor', position: 8 });
  });

  it('keeps the About page block’s place', async () => {
    const blocks = (await asAdmin('GET', '/admin/about-blocks')).json().data as {
      id: number;
      kind: string;
      title: string;
      description: string;
      position: number;
      updatedAt: string;
    }[];
    const value = blocks.find((b) => b.kind === 'value' && b.position > 0);
    if (!value) throw new Error('the seed has no value block after the first place');
    const edited = await asAdmin('PUT', `/admin/about-blocks/${value.id}`, {
      title: value.title,
      description: `${value.description} Always.`,
      updatedAt: value.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ description: `${value.description} Always.`, position: value.position });
    expect((await auditOf('about-block', value.id)).at(-1)).toMatchObject({
      before: { description: value.description },
      after: { description: `${value.description} Always.` },
    });
  });
});

describe('the About page text', () => {
  it('changes a block’s title and text; /about shows it at once; audited with only what changed', async () => {
    const blocks = (await asAdmin('GET', '/admin/about-blocks')).json().data as {
      id: number;
      kind: string;
      title: string;
      description: string;
      position: number;
      updatedAt: string;
    }[];
    const story = blocks.find((b) => b.kind === 'story');
    if (!story) throw new Error('the seed has no Our Story block');
    const res = await asAdmin('PUT', `/admin/about-blocks/${story.id}`, {
      title: 'How SevaDocs began',
      description: 'A kitchen table in 2020.\n\nThousands of files since.',
      position: story.position,
      updatedAt: story.updatedAt,
    });
    expect(res.statusCode).toBe(200);
    expect((await about()).story[0]).toMatchObject({
      title: 'How SevaDocs began',
      description: 'A kitchen table in 2020.\n\nThousands of files since.',
    });
    expect(await auditOf('about-block', story.id)).toEqual([
      {
        action: 'about-block.edit',
        actorEmail: t.admin.email,
        before: { title: story.title, description: story.description },
        after: { title: 'How SevaDocs began', description: 'A kitchen table in 2020.\n\nThousands of files since.' },
      },
    ]);

    const { updatedAt } = res.json().data;
    const empty = await asAdmin('PUT', `/admin/about-blocks/${story.id}`, { title: 'x', description: ' ', updatedAt });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ description: 'Write the text' });
    const missing = await asAdmin('PUT', '/admin/about-blocks/999999', { title: 'x', description: 'y', updatedAt });
    expect(missing.statusCode).toBe(404);
  });
});
