import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import {
  PHOTO_CHECK_MESSAGES as C,
  PHOTO_CHECK_COOKIE,
  PHOTO_CHECK_MARKER_COOKIE,
  PHOTO_CHECK_RATE_LIMIT,
} from '../../../domain/photos/checks.ts';
import { PHOTO_ORDER_MESSAGES as M, MAX_ITEMS_PER_ORDER } from '../../../domain/photos/orders.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { RETENTION_QUEUE } from '../../retention.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { photoChecks } from './tables.ts';
import { fakeAnalyse, testFace } from './testing.ts';

let t: TestApp;
let face: Buffer;
let site: string;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  face = await testFace();
  site = new URL(t.app.env.siteUrl).origin;
});
afterAll(() => t.close());

const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));
const cookieHeader = (token: string) => ({ cookie: `${PHOTO_CHECK_COOKIE}=${token}` });

/** A visitor's check: answers the response and the token its cookie carries. */
async function check(options: { token?: string; from?: string; data?: Buffer; size?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/photo-checks?size=${options.size ?? 'us-2x2'}`,
    headers: {
      'content-type': MULTIPART_CONTENT_TYPE,
      origin: site,
      ...(options.token ? cookieHeader(options.token) : {}),
    },
    payload: multipart([filePart('me.jpg', options.data ?? face, 'image/jpeg')]),
    ...(options.from ? { remoteAddress: options.from } : {}),
  });
  const cookie = res.cookies.find((c) => c.name === PHOTO_CHECK_COOKIE);
  return { res, token: cookie?.value ?? '', cookie };
}

const read = (path: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/photo-checks/current${path}`,
    headers: token ? cookieHeader(token) : {},
  });

describe('a photo check without an account', () => {
  it('checks and fits the photo, and keeps it for the browser holding its cookie (only the token’s hash stored)', async () => {
    const { res, token, cookie } = await check();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isSuccess: true, message: C.checked });
    expect(res.json().data).toMatchObject({
      photoSize: 'us-2x2',
      name: 'me.jpg',
      report: { sizeId: 'us-2x2', passed: true },
      links: { original: '/api/v1/photo-checks/current/original', fitted: '/api/v1/photo-checks/current/fitted' },
    });
    expect(Date.parse(res.json().data.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 24 * 60 * 60 });
    // The marker page scripts read holds no secret.
    expect(res.cookies.find((c) => c.name === PHOTO_CHECK_MARKER_COOKIE)).toMatchObject({ value: '1', maxAge: 86400 });
    expect(res.cookies.find((c) => c.name === PHOTO_CHECK_MARKER_COOKIE)?.httpOnly).toBeFalsy();
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(res.headers['cache-control']).toContain('no-store');

    const rows = await t.database.db.select().from(photoChecks);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.find((r) => r.displayName === 'me.jpg')?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const again = await read('', token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.report.passed).toBe(true);
    for (const which of ['/original', '/fitted']) {
      const file = await read(which, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toContain('private');
    }
  });

  it('shows nothing to another browser: no cookie, another visitor’s or a made-up one is the same 404', async () => {
    const mine = await check();
    const theirs = await check();
    expect(theirs.token).not.toBe(mine.token);
    for (const token of [undefined, theirs.token, 'made-up-token']) {
      for (const path of ['', '/original', '/fitted']) {
        const res = await read(path, token);
        if (token === theirs.token) {
          expect(res.statusCode).toBe(200);
          continue;
        }
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(C.notFound);
      }
    }
    // Each sees their own.
    expect((await read('', mine.token)).statusCode).toBe(200);
  });

  it('replaces the browser’s previous check, whose files are then removed', async () => {
    const first = await check();
    const before = await storedFiles();
    const second = await check({ token: first.token, size: 'oci-photo' });
    expect(second.res.statusCode).toBe(201);
    expect((await read('', first.token)).statusCode).toBe(404);
    expect((await read('', second.token)).json().data.photoSize).toBe('oci-photo');
    await t.runJobs();
    const after = await storedFiles();
    expect(after.length).toBe(before.length);
  });

  it('refuses a file that is not an image by its content, and stores nothing', async () => {
    const before = await storedFiles();
    const { res, cookie } = await check({ data: Buffer.from('<html>not a photo</html>') });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(cookie).toBeUndefined();
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a change carrying the check cookie from another site', async () => {
    const { token } = await check();
    for (const method of ['POST', 'DELETE'] as const) {
      const upload = method === 'POST';
      const res = await t.app.inject({
        method,
        url: upload ? '/api/v1/photo-checks?size=us-2x2' : '/api/v1/photo-checks/current',
        headers: {
          ...cookieHeader(token),
          origin: 'https://evil.example',
          ...(upload ? { 'content-type': MULTIPART_CONTENT_TYPE } : {}),
        },
        ...(upload ? { payload: multipart([filePart('me.jpg', face, 'image/jpeg')]) } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_API_MESSAGES.crossSiteRequest);
    }
    expect((await read('', token)).statusCode).toBe(200);
  });

  it('refuses a check posted from another site without its cookie, setting none (the visitor’s own check stays theirs)', async () => {
    // Its own client address, to leave the others' rate limit alone.
    const remoteAddress = '203.0.113.20';
    const mine = await check({ from: remoteAddress });
    // What another site's auto-submitted form sends: no SameSite=Lax cookie, its own origin or none.
    const crossSite = [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }, {}];
    for (const from of crossSite) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/photo-checks?size=oci-photo',
        headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...from },
        payload: multipart([filePart('theirs.jpg', face, 'image/jpeg')]),
        remoteAddress,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_API_MESSAGES.crossSiteRequest);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await read('', mine.token)).json().data).toMatchObject({ photoSize: 'us-2x2', name: 'me.jpg' });
    const rows = await t.database.db.select().from(photoChecks);
    expect(rows.some((r) => r.displayName === 'theirs.jpg')).toBe(false);

    // The site's own page (its Origin, or only a Referer from it) still checks.
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/photo-checks?size=oci-photo',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, referer: `${site}/photos` },
      payload: multipart([filePart('me.jpg', face, 'image/jpeg')]),
      remoteAddress,
    });
    expect(sameSite.statusCode).toBe(201);
    expect(sameSite.cookies.find((c) => c.name === PHOTO_CHECK_COOKIE)?.value).toBeTruthy();
  });

  it('ends after 24 hours: unreadable at once, and the retention sweep deletes it and its files', async () => {
    const { token } = await check();
    const before = await storedFiles();
    // This test's check (the newest) expired a minute ago.
    const mine = (await t.database.db.select().from(photoChecks).orderBy(photoChecks.id)).at(-1);
    if (!mine) throw new Error('no check');
    await t.database.db
      .update(photoChecks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(photoChecks.id, mine.id));
    expect((await read('', token)).statusCode).toBe(404);
    expect((await read('/fitted', token)).statusCode).toBe(404);

    await t.app.jobs.send(RETENTION_QUEUE, {});
    await t.runJobs();
    await t.runJobs();
    expect(await t.database.db.select().from(photoChecks).where(eq(photoChecks.id, mine.id))).toEqual([]);
    const after = await storedFiles();
    expect(after.length).toBe(before.length - 2);
    expect(after).not.toContain(join(t.app.env.dataDir, 'files', mine.storageKey));
  });

  it('limits anonymous checks per client address with a clear 429, without holding back other clients', async () => {
    const from = '203.0.113.7';
    for (let n = 0; n < PHOTO_CHECK_RATE_LIMIT.max; n++) {
      expect((await check({ from })).res.statusCode).toBe(201);
    }
    const over = await check({ from });
    expect(over.res.statusCode).toBe(429);
    expect(over.res.json().message).toBe(C.rateLimited(60));
    expect(Number(over.res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check({ from: '203.0.113.8' })).res.statusCode).toBe(201);
  });
});

describe('claiming the check at payment', () => {
  const claim = (userToken: string | null, checkToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/photo-orders/claim-check',
      headers: {
        origin: site,
        ...(userToken ? bearer(userToken) : {}),
        ...(checkToken ? cookieHeader(checkToken) : {}),
      },
    });

  it('starts the signed-in customer’s order holding the checked photo, once, and clears the cookie', async () => {
    const { token, res: checked } = await check({ size: 'oci-photo' });
    const report = checked.json().data.report;
    expect((await claim(null, token)).statusCode).toBe(401);

    const user = await createSignedInUser(t.app);
    const res = await claim(user.token, token);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(C.claimed);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'Payment pending', step: 1 });
    expect(order.displayId).toMatch(/^PHO-/);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ photoSize: 'oci-photo' });
    expect(order.items[0].photos).toHaveLength(1);
    expect(order.items[0].photos[0]).toMatchObject({ name: 'me.jpg', state: 'done', report });
    expect(order.totalCents).toBeGreaterThan(0);
    expect(res.cookies.find((c) => c.name === PHOTO_CHECK_COOKIE)?.value).toBe('');
    expect(res.cookies.find((c) => c.name === PHOTO_CHECK_MARKER_COOKIE)?.value).toBe('');

    // The order's own links serve the same fitted photo; the check is gone.
    const fitted = await t.app.inject({
      method: 'GET',
      url: order.items[0].photos[0].links.fitted,
      headers: bearer(user.token),
    });
    expect(fitted.statusCode).toBe(200);
    expect((await read('', token)).statusCode).toBe(404);

    // A second claim (another tab, a replay) finds nothing and makes no order.
    const again = await claim(user.token, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(C.notFound);
    const orders = await t.app.inject({ method: 'GET', url: '/api/v1/photo-orders', headers: bearer(user.token) });
    expect(orders.json().data.totalCount).toBe(1);
  });

  it('takes a second checked photo into the customer’s open order rather than starting another', async () => {
    const user = await createSignedInUser(t.app);
    const first = await claim(user.token, (await check({ size: 'oci-photo' })).token);
    expect(first.statusCode).toBe(201);
    const order = first.json().data;
    // The customer went on to step 2 and chose Photo Optimize; back on /photos, another size.
    const base = `/photo-orders/${order.displayId}`;
    await apiCall(t.app, 'PUT', `${base}/step`, user.token, { step: 2 });
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['photo-optimize'] });

    const second = await claim(user.token, (await check({ size: 'us-2x2' })).token);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(C.claimed);
    const joined = second.json().data;
    expect(joined).toMatchObject({
      displayId: order.displayId,
      status: 'Payment pending',
      options: ['photo-optimize'],
    });
    // Back at step 1, where the photo that joined is shown with the first.
    expect(joined.step).toBe(1);
    expect(joined.items.map((i: { photoSize: string }) => i.photoSize)).toEqual(['oci-photo', 'us-2x2']);
    expect(joined.items[1].photos[0]).toMatchObject({ name: 'me.jpg', state: 'done' });
    expect(joined.totalCents).toBeGreaterThan(order.totalCents);
    expect(joined).not.toHaveProperty('choicesDropped');
    expect(second.cookies.find((c) => c.name === PHOTO_CHECK_COOKIE)?.value).toBe('');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/photo-orders', headers: bearer(user.token) });
    expect(list.json().data.results.map((o: { displayId: string }) => o.displayId)).toEqual([order.displayId]);
  });

  it('says so when the size that joins takes Background Change off the open order', async () => {
    const user = await createSignedInUser(t.app);
    const order = (await claim(user.token, (await check({ size: 'oci-photo' })).token)).json().data;
    const base = `/photo-orders/${order.displayId}`;
    await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: ['background-change'] });

    const joined = await claim(user.token, (await check({ size: 'us-2x2' })).token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({
      displayId: order.displayId,
      options: [],
      backgroundChangeOffered: false,
      choicesDropped: {
        options: ['background-change'],
        message: M.backgroundChangeDropped([PHOTO_SIZES['us-2x2'].label]),
      },
    });
    // Said once: the order read again does not repeat it.
    const read = await apiCall(t.app, 'GET', base, user.token);
    expect(read.json().data).not.toHaveProperty('choicesDropped');
  });

  it('starts a new order once the open one is paid, and when the open one is full', async () => {
    const user = await createSignedInUser(t.app);
    const paid = (await claim(user.token, (await check()).token)).json().data;
    await payWithSandbox(t, user.token, paid.displayId);
    const next = await claim(user.token, (await check()).token);
    expect(next.statusCode).toBe(201);
    const open = next.json().data;
    expect(open.displayId).not.toBe(paid.displayId);

    for (let n = open.items.length; n < MAX_ITEMS_PER_ORDER; n++) {
      await apiCall(t.app, 'POST', `/photo-orders/${open.displayId}/items`, user.token, { photoSize: 'us-2x2' });
    }
    const overflow = await claim(user.token, (await check()).token);
    expect(overflow.statusCode).toBe(201);
    expect(overflow.json().data.displayId).not.toBe(open.displayId);
    expect(overflow.json().data.items).toHaveLength(1);
  });

  it('two tabs claiming the same check at once: one joins the open order, the other finds nothing', async () => {
    const user = await createSignedInUser(t.app);
    const order = (await claim(user.token, (await check({ size: 'oci-photo' })).token)).json().data;
    const { token } = await check({ size: 'us-2x2' });
    const answers = await Promise.all([claim(user.token, token), claim(user.token, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const read = await apiCall(t.app, 'GET', `/photo-orders/${order.displayId}`, user.token);
    expect(read.json().data.items).toHaveLength(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/photo-orders', headers: bearer(user.token) });
    expect(list.json().data.totalCount).toBe(1);
  });

  it('claims only the cookie’s own check: another customer without it gets a 404', async () => {
    const { token } = await check();
    const other = await createSignedInUser(t.app);
    expect((await claim(other.token)).statusCode).toBe(404);
    expect((await claim(other.token, 'made-up-token')).statusCode).toBe(404);
    expect((await read('', token)).statusCode).toBe(200);
  });
});
