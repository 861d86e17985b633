import type { z } from 'zod';

/**
 * Examples for the API document's parameters and request bodies (issue 33 §1), so a client
 * generator or an example-driven tester can call every operation. A value comes from the field's
 * own schema first (an `examples`, `default` or `const` its zod schema carries with
 * `.meta({ examples })`, an enum's first member), then from the names below, then from its format
 * or type; only a value the route's own zod schema accepts is kept.
 */
const BY_NAME: Record<string, unknown[]> = {
  id: ['42'],
  orderRef: ['DOC-48213907', 'PHO-48213907', '42'],
  ref: ['DOC-48213907', 'PHO-48213907', 'ENQ-7KD2QX', '42'],
  displayId: ['DOC-48213907', 'PHO-48213907'],
  memberId: ['7'],
  member: ['7'],
  itemId: ['foreign-passport', '3'],
  photoId: ['5'],
  documentId: ['12'],
  requestId: ['9'],
  serviceId: ['3', 3],
  slug: ['oci-card'],
  isoCode: ['US'],
  country: ['US'],
  countryCode: ['US'],
  phoneCountry: ['US'],
  currency: ['USD'],
  provider: ['sandbox', 'stripe'],
  file: ['photo.jpg'],
  shard: ['0'],
  page: [1],
  limit: [20],
  q: ['verma'],
  search: ['verma'],
  email: ['asha.verma@example.com'],
  password: ['Namaste@2026'],
  currentPassword: ['Namaste@2026'],
  newPassword: ['Dhanyavad#2027'],
  confirmPassword: ['Dhanyavad#2027'],
  firstName: ['Asha'],
  lastName: ['Verma'],
  givenName: ['Asha'],
  surname: ['Verma'],
  name: ['Asha Verma'],
  fullName: ['Asha Verma'],
  phone: ['+1-4155550132', '4155550132'],
  phoneNumber: ['4155550132'],
  token: ['k7Qm2vX9pL4sT8wZ1aB6cD3eF5gH0jN'],
  code: ['WELCOME10', 'US', '95112', '+1'],
  idempotencyKey: ['3f9a1c2e-7b4d-4e8a-9c1f-5d6e7a8b9c0d'],
  orderId: ['DOC-48213907'],
  applyingFrom: ['US'],
  citizenship: ['US'],
  destination: ['IN'],
  nationality: ['US'],
  issuingState: ['US'],
  expiryDate: ['2031-04-11'],
  pinCode: ['95112'],
  link: ['/oci-card'],
  startsAt: ['2026-01-15T10:30:00.000Z'],
  endsAt: ['2026-02-15T10:30:00.000Z'],
  referredBy: ['ASHA7K'],
  referralCode: ['ASHA7K'],
  message: ['Please call me about my OCI application.'],
  subject: ['OCI renewal'],
  reason: ['My travel plans changed, so I no longer need the service.'],
  remark: ['Your documents are received.'],
  note: ['Called the customer.'],
  city: ['San Jose'],
  state: ['CA'],
  zip: ['95112'],
  postalCode: ['95112'],
  addressLine1: ['123 Main Street'],
  addressLine2: ['Apt 4'],
  line1: ['123 Main Street'],
  line2: ['Apt 4'],
  dateOfBirth: ['2015-04-12', '1990-04-12'],
  title: ['OCI card'],
  description: ['Overseas Citizenship of India card for US residents'],
  url: ['https://www.sevadocs.example/oci-card'],
  size: ['us-passport', '2x2'],
  gRecaptchaToken: ['03AFcWeA…'],
  action: ['signup'],
  status: ['Payment pending'],
  service: ['oci-card'],
  from: ['2026-01-01'],
  to: ['2026-01-31'],
  amount: [2500],
  amountCents: [2500],
  priceCents: [2500],
  // The bot trap: any value in it refuses the form.
  website: [''],
  'x-platform': ['sevadocs'],
  returnTo: ['/dashboard'],
  sessionId: ['cs_test_a1B2c3D4e5F6g7H8'],
  addressLine: ['123 Main Street, Apt 4'],
  additionalInfo: ['Ring the bell twice'],
  body: ['Your VFS appointment is on 10 December; bring the original passports.'],
  subjectType: ['order'],
  subjectId: ['DOC-48213907'],
  summary: ['Overseas Citizenship of India card for US residents'],
  question: ['How long does an OCI card take?'],
  answer: ['About 8 to 10 weeks after the consulate receives the application.'],
  processingTime: ['8–10 weeks'],
  duration: ['2–3 business days'],
  feeNote: ['Paid to the consulate on your behalf'],
  label: ['Consulate fee'],
  features: ['Document review by a case manager'],
  documents: ['Current passport (original)'],
  step: ['Applicant details'],
  section: ['Passport'],
  altText: ['Diwali offer: 10% off OCI applications'],
  buttonText: ['See the offer'],
  jobDescription: ['Case manager for OCI applications'],
};

const BY_FORMAT: Record<string, unknown> = {
  email: 'asha.verma@example.com',
  date: '2026-01-15',
  'date-time': '2026-01-15T10:30:00.000Z',
  uri: 'https://www.sevadocs.example/',
  url: 'https://www.sevadocs.example/',
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  binary: 'photo.jpg',
};

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

const MAX_DEPTH = 6;

/** Candidate values for a field, best first, each in the field's JSON type (`'42'` for an integer is 42). */
function candidates(name: string, schema: JsonSchema, depth: number): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  // A name's examples fit its scalar fields: a list's name gives its items' (`features`), and an
  // object is sampled from its properties (the request `body` is not the admin reply's `body`).
  const fitting = rawCandidates(name, schema, depth).filter((value) =>
    type === 'array' ? Array.isArray(value) : type !== 'object' || (typeof value === 'object' && value !== null),
  );
  return fitting.map((value) => {
    if ((type === 'integer' || type === 'number') && typeof value === 'string' && /^\d+$/.test(value)) {
      return Number(value);
    }
    if (type === 'string' && typeof value === 'number') return String(value);
    return value;
  });
}

function rawCandidates(name: string, schema: JsonSchema, depth: number): unknown[] {
  const own = [
    ...(schema.examples ?? []),
    ...(schema.default !== undefined ? [schema.default] : []),
    ...(schema.const !== undefined ? [schema.const] : []),
    ...(schema.enum ?? []),
  ];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    // A nullable or union field: its first variant that is not null.
    const first = variants.find((variant) => variant.type !== 'null');
    return [...own, ...(first ? candidates(name, first, depth) : [null])];
  }
  return [...own, ...(BY_NAME[name] ?? []), ...fromType(name, schema, depth)];
}

function fromType(name: string, schema: JsonSchema, depth: number): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format && BY_FORMAT[schema.format] !== undefined) return [BY_FORMAT[schema.format]];
  switch (type) {
    case 'string': {
      // A person's name only where a name goes: elsewhere it would read as one (decision 0153).
      const text = /name|author/i.test(name) ? 'Asha Verma' : 'Example text';
      const min = schema.minLength ?? 0;
      return [text.length >= min ? text.slice(0, schema.maxLength ?? text.length) : text.padEnd(min, 'x')];
    }
    case 'integer':
    case 'number':
      return [Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1))];
    case 'boolean':
      return [true];
    case 'array': {
      if (!schema.items || depth > MAX_DEPTH) return [[]];
      const item = candidates(name, schema.items, depth + 1)[0];
      return [Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item)];
    }
    case 'object':
      return depth > MAX_DEPTH ? [{}] : [objectSample(schema, depth + 1)];
    default:
      return schema.properties ? [objectSample(schema, depth + 1)] : [];
  }
}

function objectSample(schema: JsonSchema, depth: number): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = candidates(name, property, depth)[0];
    if (value !== undefined) sample[name] = value;
  }
  return sample;
}

/**
 * A request body's example: a sample of its JSON schema that the route's zod schema accepts, or
 * null. Where the zod schema refuses a field (a rule across fields, a pattern), that field's next
 * candidate is tried, a few rounds at most.
 */
export function bodyExample(json: JsonSchema, body: z.ZodType): unknown {
  let sample = candidates('body', json, 0)[0];
  const tried = new Map<string, number>();
  for (let round = 0; round < 12 && sample !== undefined; round += 1) {
    const result = body.safeParse(sample);
    if (result.success) return sample;
    let changed = false;
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      const field = fieldAt(json, path);
      const name = path.at(-1);
      if (!field || name === undefined || /^\d+$/.test(name)) continue;
      const key = path.join('.');
      const next = (tried.get(key) ?? 0) + 1;
      const options = candidates(name, field, path.length);
      // Past its last candidate an optional field is left out.
      const optional = !fieldAt(json, path.slice(0, -1))?.required?.includes(name);
      if (next > options.length || (next === options.length && !optional)) continue;
      tried.set(key, next);
      sample = withValue(sample, path, options[next]);
      changed = true;
    }
    if (!changed) return null;
  }
  return null;
}

/** The schema of the field at `path` (the first variant that has it, in a union). */
function fieldAt(schema: JsonSchema, path: string[]): JsonSchema | undefined {
  let here: JsonSchema | undefined = schema;
  for (const step of path) {
    const variants: JsonSchema[] = here
      ? [here, ...(here.anyOf ?? []), ...(here.oneOf ?? []), ...(here.allOf ?? [])]
      : [];
    here = /^\d+$/.test(step)
      ? variants.find((variant) => variant.items)?.items
      : variants.find((variant) => variant.properties?.[step])?.properties?.[step];
  }
  return here;
}

function withValue(sample: unknown, path: string[], value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (Array.isArray(sample)) return sample.map((item, i) => (String(i) === step ? withValue(item, rest, value) : item));
  const { [step]: inner, ...others } = (sample ?? {}) as Record<string, unknown>;
  const replaced = withValue(inner, rest, value);
  return replaced === undefined ? others : { ...others, [step]: replaced };
}

/**
 * An example for each parameter of a path, query or header object schema: the first candidate the
 * route's zod object accepts in that field (checked with the other fields' examples beside it).
 */
export function parameterExamples(json: JsonSchema, parameters: z.ZodType): Record<string, unknown> {
  const chosen: Record<string, unknown> = {};
  const entries = Object.entries(json.properties ?? {});
  for (const [name, property] of entries) {
    for (const candidate of candidates(name, property, 0)) {
      const tried = { ...chosen, [name]: candidate };
      const issues = parameters.safeParse(tried).error?.issues ?? [];
      if (!issues.some((issue) => issue.path[0] === name)) {
        chosen[name] = candidate;
        break;
      }
    }
  }
  return chosen;
}
