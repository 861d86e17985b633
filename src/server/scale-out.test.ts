import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT, startApplication } from './modules/applications/testing.ts';
import { bearer, createSignedInUser, uniqueEmail } from './modules/auth/testing.ts';
import { rateLimitCounters } from './plugins/rate-limit-tables.ts';
import type { S3Storage } from './storage/s3.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart } from './test/multipart.ts';
import { matchS3rverBucketPaths, startTestS3Server, type TestS3Server } from './test/s3-server.ts';
import { pdfWithPages } from './test/upload-fixtures.ts';

/**
 * Two servers on one database and one bucket (issue 14; docs/decisions/0071): FILE_STORAGE=s3 and
 * RATE_LIMIT_STORE=postgres, driven through the API. A file one server received, the other serves
 * (after the same ownership check); a limit counts the requests both servers took.
 */
let s3: TestS3Server;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  s3 = await startTestS3Server();
  const env = { ...s3.env, RATE_LIMIT_STORE: 'postgres', AUTH_SIGNIN_FAILURE_MAX: '2' };
  one = await buildTestApp(env);
  two = await buildTestApp(env, { database: one.database });
  for (const t of [one, two]) matchS3rverBucketPaths((t.app.storage as S3Storage).client);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await s3?.close();
});

async function bucketKeys(): Promise<string[]> {
  const { client, bucket } = one.app.storage as S3Storage;
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('two servers sharing the bucket and the database', () => {
  it('serve a document from S3 whichever server received it, to its owner only', async () => {
    const user = await createSignedInUser(one.app);
    const order = await startApplication(one.app, user.token, { members: [ADULT] });
    const memberId = order.members[0]?.id ?? 0;
    const pdf = await pdfWithPages();
    const orderPath = `/api/v1/application/order/${order.displayId}`;

    const uploaded = await one.app.inject({
      method: 'POST',
      url: `${orderPath}/members/${memberId}/documents/foreign-passport`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(user.token) },
      payload: multipart([filePart('passport.pdf', pdf, 'application/pdf')]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json().data.document.id as number;
    expect(await bucketKeys()).toHaveLength(1);
    // Nothing on either server's disk.
    for (const t of [one, two]) expect(await filesUnder(`${t.app.env.dataDir}/files`)).toEqual([]);

    const download = await two.app.inject({
      method: 'GET',
      url: `${orderPath}/documents/${documentId}/download`,
      headers: bearer(user.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Number(download.headers['content-length'])).toBe(pdf.length);

    const stranger = await createSignedInUser(two.app);
    const refused = await two.app.inject({
      method: 'GET',
      url: `${orderPath}/documents/${documentId}/download`,
      headers: bearer(stranger.token),
    });
    expect(refused.statusCode).toBe(404);

    const removed = await two.app.inject({
      method: 'DELETE',
      url: `${orderPath}/documents/${documentId}`,
      headers: bearer(user.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await bucketKeys()).toEqual([]);
  });

  it('count failed sign-ins together: the limit holds across servers', async () => {
    const email = uniqueEmail('guessed');
    const signIn = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password: 'Wrong-Passw0rd!' },
        remoteAddress: '10.9.8.7',
      });
    expect((await signIn(one)).statusCode).toBe(401);
    expect((await signIn(two)).statusCode).toBe(401);
    expect((await signIn(one)).statusCode).toBe(429);
    expect((await signIn(two)).statusCode).toBe(429);
    expect((await one.database.db.select().from(rateLimitCounters)).length).toBeGreaterThan(0);
  });
});
