import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorForLog, withoutQueryParams } from './error-log.ts';

/** What the pg driver throws for a row a CHECK refuses: its detail is the row. */
function refusedRow() {
  return Object.assign(new Error('new row for relation "users" violates check constraint "users_ok"'), {
    code: '23514',
    table: 'users',
    constraint: 'users_ok',
    detail: 'Failing row contains (7, meera.iyer@example.com, Z1234567).',
  });
}

const failedInsert = () =>
  new DrizzleQueryError(
    'insert into "users" ("email", "passport") values ($1, $2)',
    ['meera.iyer@example.com', 'Z1234567'],
    refusedRow(),
  );

describe('errorForLog', () => {
  it('writes a failed query as its SQL and the database’s refusal, never the values bound to it', () => {
    const logged = errorForLog(failedInsert());
    expect(JSON.stringify(logged)).not.toMatch(/meera|Z1234567/);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "passport") values ($1, $2)',
      query: 'insert into "users" ("email", "passport") values ($1, $2)',
      stack: expect.stringMatching(/^Error: Failed query: insert into .*\n\s+at /),
      cause: { code: '23514', table: 'users', constraint: 'users_ok', message: expect.stringContaining('users_ok') },
    });
  });

  it('finds the failed query behind an error that wraps it', () => {
    const wrapped = new Error('sign-up failed', { cause: failedInsert() });
    const logged = errorForLog(wrapped);
    expect(JSON.stringify(logged)).not.toMatch(/meera|Z1234567/);
    expect(logged).toMatchObject({
      message: 'sign-up failed',
      cause: { query: expect.stringMatching(/^insert into/) },
    });
  });

  it('leaves any other error to the standard serializer', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    expect(errorForLog(error)).toMatchObject({
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:25',
      code: 'ECONNREFUSED',
    });
  });
});

describe('withoutQueryParams', () => {
  it('cuts a failed query’s message before its values and keeps any other message whole', () => {
    expect(withoutQueryParams(failedInsert().message)).toBe(
      'Failed query: insert into "users" ("email", "passport") values ($1, $2)',
    );
    expect(withoutQueryParams('deadlock detected')).toBe('deadlock detected');
  });
});
