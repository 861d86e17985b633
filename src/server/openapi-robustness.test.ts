import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

/**
 * DESIGN.md §4: every OpenAPI operation answers malformed input with a 4xx envelope. The cases
 * are derived from the served OpenAPI document, so new operations are covered as they land.
 */
let t: TestApp;
let operations: { method: string; path: string; op: OpenApiOperation }[] = [];

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

  it('rejects wrongly typed numeric query values with a 400 envelope', async () => {
    for (const { method, path, op } of operations) {
      const numeric = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'),
      );
      for (const param of numeric) {
        for (const bad of ['abc', '-5', '1e400', '']) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${fill(path, 'oci-card')}?${param.name}=${encodeURIComponent(bad)}`,
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
}

/** The names of the string properties of a JSON body schema (top level, as our forms are flat). */
function stringFields(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const names = new Set<string>();
  for (const variant of variants) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      const types = [property, ...(property.anyOf ?? [])].flatMap((p) => p.type ?? []);
      if (types.includes('string')) names.add(name);
    }
  }
  return [...names];
}

function bodySchemaOf(op: OpenApiOperation): JsonSchema | undefined {
  const body = op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  return body?.content?.['application/json']?.schema;
}

describe('hostile strings in every documented string field', () => {
  const cases = [
    { label: 'a NUL character', value: 'Asha\u0000Verma' },
    { label: '10,000 characters', value: 'a'.repeat(10_000) },
  ];

  it('refuses each one in every body field, naming that field, never a 5xx', async () => {
    let probed = 0;
    for (const { method, path, op } of operations.filter((o) => o.method !== 'GET')) {
      for (const field of stringFields(bodySchemaOf(op))) {
        for (const { label, value } of cases) {
          const res = await t.app.inject({
            method: method as 'POST',
            url: fill(path, '1'),
            headers: { origin: 'http://localhost:3000' },
            payload: { [field]: value },
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
        for (const { label, value } of cases) {
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
