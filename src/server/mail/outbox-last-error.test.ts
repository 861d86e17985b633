import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_WITH_PASSPORT_NUMBER } from '../modules/contact/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { outboundEmails } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a failed attempt’s last_error', () => {
  it('names the query that failed, never the e-mail bound to it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/user-info',
      payload: ENQUIRY_WITH_PASSPORT_NUMBER,
    });
    expect(sent.statusCode).toBe(201);
    // The dev mailbox stores each e-mail in a table: the database refuses them all.
    await t.database.executeSql('alter table mail_messages add constraint refuse_all check (false) not valid');
    try {
      await t.runJobs();
    } finally {
      await t.database.executeSql('alter table mail_messages drop constraint refuse_all');
    }
    const failed = await t.database.db.select({ lastError: outboundEmails.lastError }).from(outboundEmails);
    expect(failed.length).toBeGreaterThan(0);
    for (const { lastError } of failed) {
      expect(lastError).toMatch(/^Error: Failed query: insert into "mail_messages"/);
      expect(lastError).not.toMatch(/Z1234567|meera/i);
    }
  });
});
