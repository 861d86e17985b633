import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication } from './modules/applications/testing.ts';
import { bearer, createSignedInUser, signIn } from './modules/auth/testing.ts';
import { createStaffUser } from './modules/users/testing.ts';
import { buildTestApp, type TestApp } from './test/app.ts';

/**
 * DESIGN.md §4: every OpenAPI operation answers malformed input with a 4xx envelope. The cases
 * are derived from the served OpenAPI document, so new operations are covered as they land.
 */
let t: TestApp;
let operations: { method: string; path: string; op: OpenApiOperation }[] = [];
/** An admin's token: role-guarded operations answer a visitor 401 before they read the query. */
let adminToken = '';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: { type?: string };
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
}

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createStaffUser(t.app, t.database.db, 'admin')).token;
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  // HEAD answers carry no body to hold an envelope; their GET twins are probed instead.
  operations = operations.filter((o) => o.method !== 'HEAD');
});
afterAll(() => t.close());

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectClientError(res: { statusCode: number; json: () => unknown }, label: string) {
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  expect(res.json(), label).toMatchObject({ isSuccess: false, statusCode: res.statusCode });
}

describe('malformed input on every OpenAPI operation', () => {
  it('finds the operations to probe', () => {
    expect(operations.length).toBeGreaterThanOrEqual(3);
  });

  it('rejects bad path ids with a 4xx envelope', async () => {
    for (const { method, path } of operations.filter((o) => o.path.includes('{'))) {
      for (const bad of ['x'.repeat(300), '../../etc/passwd', '%00', '9'.repeat(40), ' ']) {
        const res = await t.app.inject({ method: method as 'GET', url: fill(path, bad) });
        expectClientError(res, `${method} ${path} with ${bad.slice(0, 20)}`);
      }
    }
  });

  it('rejects wrongly typed numeric query values with a 400 envelope, signed in as an admin so every guard lets it through', async () => {
    for (const { method, path, op } of operations) {
      const numeric = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'),
      );
      for (const param of numeric) {
        for (const bad of ['abc', '-5', '1e400', '']) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${fill(path, 'oci-card')}?${param.name}=${encodeURIComponent(bad)}`,
            headers: bearer(adminToken),
          });
          if (bad === '') continue; // an empty value may mean "default"; it must still not fail
          expect(res.statusCode, `${method} ${path}?${param.name}=${bad}`).toBe(400);
          expectClientError(res, `${method} ${path}?${param.name}=${bad}`);
        }
      }
    }
  });

  it('answers truncated JSON and huge bodies with a 4xx envelope', async () => {
    for (const { method, path } of operations.filter((o) => o.method !== 'GET' && o.method !== 'HEAD')) {
      const url = fill(path, '1');
      const truncated = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expectClientError(truncated, `${method} ${path} truncated JSON`);
      const huge = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expectClientError(huge, `${method} ${path} 2 MB body`);
    }
  });

  it('never fails a GET with unexpected query junk', async () => {
    for (const { method, path } of operations.filter((o) => o.method === 'GET')) {
      const res = await t.app.inject({ url: `${fill(path, 'oci-card')}?junk=%ff%fe&page[]=1&__proto__=x` });
      expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
}

/** A property's one allowed value (a discriminated union's tag), if it has exactly one. */
function onlyValue(property: JsonSchema): { value: unknown } | null {
  if (property.const !== undefined) return { value: property.const };
  return property.enum?.length === 1 ? { value: property.enum[0] } : null;
}

/**
 * The string properties of a JSON body schema (top level, as our forms are flat), each with the
 * rest of a body that selects its variant: a discriminated union checks its tag before anything
 * else, so a probe of a variant's field carries that variant's tag.
 */
function stringFields(
  schema: JsonSchema | undefined,
): { field: string; base: Record<string, unknown>; maxLength: number | undefined }[] {
  if (!schema) return [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const found = new Map<string, { base: Record<string, unknown>; maxLength: number | undefined }>();
  for (const variant of variants) {
    const properties = Object.entries(variant.properties ?? {});
    const base: Record<string, unknown> = {};
    for (const [name, property] of properties) {
      const only = onlyValue(property);
      if (only) base[name] = only.value;
    }
    for (const [name, property] of properties) {
      const forms = [property, ...(property.anyOf ?? [])];
      const types = forms.flatMap((p) => p.type ?? []);
      const maxLength = forms.find((p) => p.maxLength !== undefined)?.maxLength;
      // A tag is probed alone (no valid tag beside it); a variant's other fields with its tag.
      if (types.includes('string') && !found.has(name)) found.set(name, { base: name in base ? {} : base, maxLength });
    }
  }
  return [...found].map(([field, { base, maxLength }]) => ({ field, base, maxLength }));
}

function bodySchemaOf(op: OpenApiOperation): JsonSchema | undefined {
  const body = op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  return body?.content?.['application/json']?.schema;
}

describe('hostile strings in every documented string field', () => {
  /** 10,000 characters, or one past the field's documented maximum where that is longer (an article). */
  const cases = (maxLength: number | undefined) => {
    const long = Math.max(10_000, (maxLength ?? 0) + 1);
    return [
      { label: 'a NUL character', value: 'Asha\u0000Verma' },
      { label: `${long.toLocaleString('en-US')} characters`, value: 'a'.repeat(long) },
    ];
  };

  it('refuses each one in every body field, naming that field, never a 5xx', async () => {
    let probed = 0;
    for (const { method, path, op } of operations.filter((o) => o.method !== 'GET')) {
      for (const { field, base, maxLength } of stringFields(bodySchemaOf(op))) {
        for (const { label, value } of cases(maxLength)) {
          const res = await t.app.inject({
            method: method as 'POST',
            url: fill(path, '1'),
            headers: { origin: 'http://localhost:3000' },
            payload: { ...base, [field]: value },
          });
          const where = `${method} ${path} ${field} with ${label}`;
          expectClientError(res, where);
          const errors = (res.json() as { errors?: Record<string, string> }).errors ?? {};
          // Refused for this field itself, not only for the others left out.
          if (res.statusCode === 400) expect(Object.keys(errors), where).toContain(field);
          probed += 1;
        }
      }
    }
    expect(probed).toBeGreaterThan(20);
  });

  it('refuses each one in every string query parameter, never a 5xx', async () => {
    for (const { method, path, op } of operations) {
      const strings = (op.parameters ?? []).filter((p) => p.in === 'query' && p.schema?.type === 'string');
      for (const param of strings) {
        for (const { label, value } of cases(undefined)) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${fill(path, 'oci-card')}?${param.name}=${encodeURIComponent(value)}`,
          });
          expect(res.statusCode, `${method} ${path}?${param.name} with ${label}`).toBeLessThan(500);
          if (label === 'a NUL character') expectClientError(res, `${method} ${path}?${param.name} with ${label}`);
        }
      }
    }
  });
});

describe('signed in, on a real application', () => {
  /** Deeply nested, prototype keys, wrong types: what a hostile client could send a body field. */
  const hostileBodies = [
    '[]',
    '"answers"',
    '{"currentStep":"1","answers":{}}',
    '{"currentStep":1,"answers":"x"}',
    '{"currentStep":1,"answers":[1,2]}',
    '{"currentStep":1e400,"answers":{}}',
    '{"currentStep":1,"answers":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}}',
    `{"currentStep":1,"answers":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`,
    `{"currentStep":1,"answers":{${Array.from({ length: 5000 }, (_, i) => `"k${i}":"v"`).join(',')}}}`,
    '{"currentStep":1,"answers":{"givenName":{"documentId":"1"},"dateOfBirth":["2000-01-01"],"sex":null}}',
  ];

  it('answers hostile bodies on every application operation with a 4xx envelope, never a 5xx', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const ids: Record<string, string> = {
      orderRef: order.displayId,
      memberId: String(order.members[0]?.id),
      documentId: '1',
      itemId: 'foreign-passport',
    };
    const application = operations.filter((o) => o.path.startsWith('/api/v1/application/order/{orderRef}'));
    expect(application.length).toBeGreaterThanOrEqual(10);
    // The member form's calls first and cancelling last, so each body meets an open order.
    const rank = (path: string) => (path.includes('/form') ? 0 : path.endsWith('/cancel') ? 2 : 1);
    const writes = application.filter((o) => o.method !== 'GET').sort((a, b) => rank(a.path) - rank(b.path));
    // A session per body: the autosave limit (one a second per member and session) must not answer for the check.
    const tokens = await Promise.all(hostileBodies.map(() => signIn(t.app, user.email, user.password)));
    for (const { method, path } of writes) {
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? '1');
      for (const [i, payload] of hostileBodies.entries()) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { 'content-type': 'application/json', ...bearer(tokens[i] ?? '') },
          payload,
        });
        // A body the route does not read may be accepted: what matters is never a 5xx.
        const label = `${method} ${path} ${payload.slice(0, 40)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) expectClientError(res, label);
        if (method === 'PUT' && path.endsWith('/form')) expect(res.statusCode, label).not.toBe(429);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
