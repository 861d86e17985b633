import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_ID_MAX } from '../domain/api/row-id.ts';
import { moveOrderTo, startApplication } from './modules/applications/testing.ts';
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
  required?: boolean;
  schema?: JsonSchema;
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
  minLength?: number;
  pattern?: string;
  format?: string;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
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

/** Past PostgreSQL's `integer` (2^31 − 1), and JavaScript's largest safe integer. */
const OUT_OF_RANGE = [2_147_483_648, 9_007_199_254_740_991];

function typesOf(schema: JsonSchema): string[] {
  return [schema.type ?? []].flat();
}

function isNumeric(schema: JsonSchema): boolean {
  return typesOf(schema).some((type) => type === 'integer' || type === 'number');
}

/** The lowest value a numeric schema documents: its minimum, or its smallest allowed value. */
function lowest(schema: JsonSchema): number | undefined {
  if (schema.minimum !== undefined) return schema.minimum;
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum;
  const allowed = (schema.enum ?? []).filter((value): value is number => typeof value === 'number');
  return allowed.length > 0 ? Math.min(...allowed) : undefined;
}

/** The values to probe a numeric field with: −1 as well where nothing negative is allowed. */
function outOfRange(schema: JsonSchema): number[] {
  const min = lowest(schema);
  return min !== undefined && min >= 0 ? [...OUT_OF_RANGE, -1] : OUT_OF_RANGE;
}

/** Whether a numeric schema documents `value` as allowed. */
function allows(schema: JsonSchema, value: number): boolean {
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
  return schema.maximum === undefined || value <= schema.maximum;
}

/** A path parameter typed as a string of digits (`^[1-9]\d{0,9}$`): an id, whatever its type says. */
function isDigitsId(schema: JsonSchema | undefined): boolean {
  return schema?.pattern?.startsWith('^[1-9]\\d') === true;
}

const STRING_SAMPLES = ['Asha Verma', 'oci-card', 'US', 'asha', '1', 'A1', randomUUID()];

/**
 * A plausible valid value of a schema, so that a probe's other fields are not what gets refused;
 * `name`, the property's, tells a date or an e-mail address the schema leaves a plain string.
 */
function sample(schema: JsonSchema, name = ''): unknown {
  const only = onlyValue(schema);
  if (only) return only.value;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => !typesOf(v).includes('null')) ?? variants[0] ?? {}, name);
  const types = typesOf(schema);
  if (schema.properties || types.includes('object')) {
    const required = schema.required ?? [];
    return Object.fromEntries(required.map((key) => [key, sample(schema.properties?.[key] ?? {}, key)]));
  }
  if (types.includes('array')) return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
  if (types.includes('string')) return sampleString(schema, name);
  if (isNumeric(schema)) {
    if (schema.minimum !== undefined && schema.minimum > 1) return schema.minimum;
    if (schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum >= 1) return schema.exclusiveMinimum + 1;
    return schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1;
  }
  if (types.includes('boolean')) return false;
  return null;
}

function sampleString(schema: JsonSchema, name: string): string {
  const formats: Record<string, string> = {
    email: 'asha@example.com',
    date: '2000-01-01',
    'date-time': '2030-01-01T00:00:00.000Z',
    uri: 'https://example.com/',
    uuid: randomUUID(),
  };
  const format = schema.format ?? (/date/i.test(name) ? 'date' : /email/i.test(name) ? 'email' : undefined);
  if (format && formats[format]) return formats[format] as string;
  const fits = (value: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  return STRING_SAMPLES.find(fits) ?? 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

interface NumberProbe {
  /** Where the field is, as `.addOns[].memberIds[]`. */
  where: string;
  /** The field's own schema. */
  schema: JsonSchema;
  values: number[];
  /** The whole body with `value` in this field and plausible values in the required others. */
  build(value: number): unknown;
}

/** Every numeric field of a JSON body schema, nested objects and arrays included, each in a body of its variant. */
function numberProbes(schema: JsonSchema, where = ''): NumberProbe[] {
  if (isNumeric(schema)) return [{ where, schema, values: outOfRange(schema), build: (value) => value }];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((variant) => numberProbes(variant, where));
  if (schema.properties) {
    const rest = sample(schema) as Record<string, unknown>;
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      numberProbes(property, `${where}.${name}`).map((probe) => ({
        ...probe,
        build: (value: number) => ({ ...rest, [name]: probe.build(value) }),
      })),
    );
  }
  if (schema.items) {
    return numberProbes(schema.items, `${where}[]`).map((probe) => ({
      ...probe,
      build: (value: number) => [probe.build(value)],
    }));
  }
  return [];
}

/** One probe per field and body shape: a union of literal numbers (`1 | 2`) is one field. */
function distinctProbes(probes: NumberProbe[]): NumberProbe[] {
  const seen = new Set<string>();
  return probes.filter((probe) => {
    const key = `${probe.where} ${JSON.stringify(probe.build(0))}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('out-of-range numbers in every documented integer field', () => {
  it('documents a maximum within PostgreSQL integer range for every integer a request carries (page numbers aside)', () => {
    const unbounded: string[] = [];
    const check = (schema: JsonSchema, label: string) => {
      if (typesOf(schema).includes('integer') && !(schema.maximum !== undefined && schema.maximum <= ROW_ID_MAX)) {
        unbounded.push(label);
      }
    };
    for (const { method, path, op } of operations) {
      for (const param of op.parameters ?? []) {
        if (param.in !== 'header' && param.name !== 'page')
          check(param.schema ?? {}, `${method} ${path} ${param.name}`);
      }
      const body = bodySchemaOf(op);
      for (const probe of body ? numberProbes(body) : []) check(probe.schema, `${method} ${path} body${probe.where}`);
    }
    expect(unbounded).toEqual([]);
  });

  it('answers each one (body, query and path) with a 4xx envelope, never a 5xx, as an admin and on real orders', async () => {
    const customer = await createSignedInUser(t.app);
    /** Unpaid: the customer's own operations (members, add-ons, documents) still take changes. */
    const order = await startApplication(t.app, customer.token);
    /** Paid, with the forms to do: the back office may ask for a document of it. */
    const paid = await startApplication(t.app, customer.token);
    await moveOrderTo(t.app, paid.id, 'Forms incomplete');
    const photoOrder = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/photo-orders',
        headers: bearer(customer.token),
        payload: { idempotencyKey: randomUUID() },
      })
    ).json().data as { displayId: string };
    const photoItem = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/photo-orders/${photoOrder.displayId}/items`,
        headers: bearer(customer.token),
        payload: { photoSize: 'oci-photo' },
      })
    )
      .json()
      .data.items.at(-1) as { id: number };
    /** Real values for path parameters: the customer's orders, whose owner and the admin may act on. */
    const realValue = (path: string, param: OpenApiParameter): string => {
      const photos = path.startsWith('/api/v1/photo-orders/');
      if (param.name === 'orderRef') return photos ? photoOrder.displayId : order.displayId;
      if (param.name === 'ref') return paid.displayId;
      if (param.name === 'memberId') return String((path.includes('{ref}') ? paid : order).members[0]?.id);
      if (param.name === 'itemId') return photos ? String(photoItem.id) : 'foreign-passport';
      if (isNumeric(param.schema ?? {}) || isDigitsId(param.schema)) return '1';
      return String(sample(param.schema ?? {}));
    };

    let probed = 0;
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      const parameters = op.parameters ?? [];
      const urlWith = (override?: { param: OpenApiParameter; value: number }) => {
        const pathPart = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          if (override?.param.in === 'path' && override.param.name === name) return String(override.value);
          const param = parameters.find((p) => p.in === 'path' && p.name === name);
          return encodeURIComponent(param ? realValue(path, param) : '1');
        });
        const query = new URLSearchParams();
        for (const param of parameters.filter((p) => p.in === 'query')) {
          if (override?.param === param) query.set(param.name, String(override.value));
          else if (param.required) query.set(param.name, String(sample(param.schema ?? {})));
        }
        return query.size > 0 ? `${pathPart}?${query}` : pathPart;
      };
      const bodySchema = bodySchemaOf(op);
      const validBody = bodySchema ? sample(bodySchema) : undefined;
      const send = async (url: string, payload: unknown, label: string, documented: boolean) => {
        const asAdmin = { method: method as 'POST', url, headers: bearer(adminToken), payload: payload as object };
        let res = await t.app.inject(asAdmin);
        // The customer's own order: the admin is no owner of it on the customer's API.
        if (path.includes('{orderRef}') && [401, 403, 404].includes(res.statusCode)) {
          res = await t.app.inject({ ...asAdmin, headers: bearer(customer.token) });
        }
        probed += 1;
        const { statusCode } = res;
        const envelope = res.json() as { isSuccess?: boolean; statusCode?: number };
        if (statusCode >= 500) failures.push(`${label} answered ${statusCode}`);
        // A value the document allows (a page past the last) may be answered; one it does not, never.
        else if (statusCode < 400 && !documented) failures.push(`${label} was accepted (${statusCode})`);
        else if (statusCode >= 400 && (envelope.isSuccess !== false || envelope.statusCode !== statusCode)) {
          failures.push(`${label} answered ${statusCode} without the envelope`);
        }
      };

      const numericParams = parameters.filter(
        (p) => (p.in === 'query' || p.in === 'path') && (isNumeric(p.schema ?? {}) || isDigitsId(p.schema)),
      );
      for (const param of numericParams) {
        const values = isDigitsId(param.schema) ? [...OUT_OF_RANGE, -1] : outOfRange(param.schema ?? {});
        for (const value of values) {
          const label = `${method} ${path} ${param.in} ${param.name}=${value}`;
          const documented = !isDigitsId(param.schema) && allows(param.schema ?? {}, value);
          await send(urlWith({ param, value }), validBody, label, documented);
        }
      }
      for (const probe of distinctProbes(bodySchema ? numberProbes(bodySchema) : [])) {
        for (const value of probe.values) {
          const label = `${method} ${path} body${probe.where}=${value}`;
          await send(urlWith(), probe.build(value), label, allows(probe.schema, value));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(200);
  });
});
