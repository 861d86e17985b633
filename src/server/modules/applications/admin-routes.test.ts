import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FORM_MESSAGES as A } from '../../../domain/admin/forms.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import { formDefinitions, formDrafts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser, expectRoleGuard } from '../users/testing.ts';
import { seededPackage, startApplication } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const upload = (url: string, token: string, contentType: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });

/** A package with its own form, so each describe edits a form nobody else touches. */
async function packageOf(serviceSlug: string, packageSlug: string, choices = {}) {
  const { pkg } = await seededPackage(t.app, serviceSlug, packageSlug, choices);
  return pkg.id;
}
const admin = () => createStaffUser(t.app, t.database.db, 'admin');

async function formOf(token: string, packageId: number) {
  const res = await call('GET', `/admin/packages/${packageId}/form`, bearer(token));
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    key: string;
    published: { id: number; version: number; definition: FormDefinition };
    draft: { definition: FormDefinition; baseVersion: number } | null;
    versions: { version: number; source: string }[];
  };
}

describe('the form builder is for admins only', () => {
  const endpoints: [Method, string, unknown][] = [
    ['GET', '/admin/forms', undefined],
    ['GET', '/admin/packages/1/form', undefined],
    ['POST', '/admin/packages/1/form/check', { definition: {} }],
    ['PUT', '/admin/packages/1/form/draft', { definition: {} }],
    ['DELETE', '/admin/packages/1/form/draft', undefined],
    ['POST', '/admin/packages/1/form/publish', undefined],
    ['POST', '/questions/upload?packageId=1&step=a&section=b', { questions: [] }],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });
});

describe('reading forms', () => {
  it('lists the seeded forms and reads a package’s form with its versions', async () => {
    const { token } = await admin();
    const list = await call('GET', '/admin/forms', bearer(token));
    expect(list.statusCode).toBe(200);
    const packageId = await packageOf('oci-card', 'oci-reissue', { applyingFrom: 'US' });
    const entry = list.json().data.find((f: { key: string }) => f.key === 'oci-card/oci-reissue');
    expect(entry).toMatchObject({ version: 1, source: 'seed', hasDraft: false });
    expect(entry.packageIds).toContain(packageId);
    const form = await formOf(token, packageId);
    expect(form).toMatchObject({
      key: 'oci-card/oci-reissue',
      draft: null,
      versions: [{ version: 1, source: 'seed' }],
    });
    expect(form.published.definition.id).toBe('oci-card/oci-reissue');
    expect((await call('GET', '/admin/packages/999999/form', bearer(token))).statusCode).toBe(404);
  });
});

describe('drafts', () => {
  it('refuses a malformed definition with a message per problem and stores nothing', async () => {
    const { token } = await admin();
    const packageId = await packageOf('oci-card', 'lost-or-damaged-oci', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    const bad = structuredClone(published.definition) as unknown as Record<string, unknown> & FormDefinition;
    const first = bad.steps[0]?.sections[0];
    if (!first) throw new Error('no section');
    first.title = '';
    (first.fields as unknown[]).push({ key: 'Bad Key', label: 'x', type: 'nonsense' });
    for (const path of ['check', 'draft'] as const) {
      const res = await call(
        path === 'check' ? 'POST' : 'PUT',
        `/admin/packages/${packageId}/form/${path}`,
        bearer(token),
        {
          definition: bad,
        },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(A.invalid);
      expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['steps.0.sections.0.title']));
    }
    expect(await t.database.db.select().from(formDrafts).where(eq(formDrafts.key, published.definition.id))).toEqual(
      [],
    );
    // The id is the form's: a definition cannot be moved to another key.
    const moved = await call('PUT', `/admin/packages/${packageId}/form/draft`, bearer(token), {
      definition: { ...published.definition, id: 'oci-card/something-else' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ id: A.wrongId(published.definition.id) });
  });

  it('refuses an upload question whose file no checklist item of the package takes', async () => {
    const { token } = await admin();
    const packageId = await packageOf('indian-visa', 'e-tourist-30-days', { citizenship: 'US', destination: 'IN' });
    const { published } = await formOf(token, packageId);
    const edited = structuredClone(published.definition);
    const last = edited.steps.at(-1)?.sections[0];
    if (!last) throw new Error('no section');
    // The seeded e-Visa form's uploads name checklist items (passportBioPage: passport-bio-page).
    expect(
      (await call('POST', `/admin/packages/${packageId}/form/check`, bearer(token), { definition: edited })).statusCode,
    ).toBe(200);
    last.fields.push({ type: 'file upload', key: 'bankStatement', label: 'Bank statement' });
    for (const [method, path] of [
      ['POST', 'check'],
      ['PUT', 'draft'],
    ] as const) {
      const res = await call(method, `/admin/packages/${packageId}/form/${path}`, bearer(token), {
        definition: edited,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ bankStatement: A.uploadOffChecklist('bank-statement') });
    }
  });

  it('checks and saves a valid draft without changing what customers get, and discards it', async () => {
    const { token } = await admin();
    const packageId = await packageOf('oci-card', 'lost-or-damaged-oci', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    const edited = { ...published.definition, title: 'Lost OCI card (edited)' };
    const checked = await call('POST', `/admin/packages/${packageId}/form/check`, bearer(token), {
      definition: edited,
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().message).toBe(A.valid);
    const saved = await call('PUT', `/admin/packages/${packageId}/form/draft`, bearer(token), { definition: edited });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ baseVersion: published.version, definition: { title: edited.title } });
    const after = await formOf(token, packageId);
    expect(after.published.version).toBe(published.version);
    expect(after.draft?.definition.title).toBe(edited.title);
    expect(await t.app.services.forms.currentDefinitionId(packageId)).toBe(published.id);
    expect((await call('DELETE', `/admin/packages/${packageId}/form/draft`, bearer(token))).statusCode).toBe(200);
    expect((await formOf(token, packageId)).draft).toBeNull();
    expect((await call('DELETE', `/admin/packages/${packageId}/form/draft`, bearer(token))).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('stores the draft as the next version with an audit entry; earlier orders keep theirs, new orders take it', async () => {
    const { token, email } = await admin();
    const { pkg } = await seededPackage(t.app);
    const customer = await createSignedInUser(t.app);
    const before = await startApplication(t.app, customer.token);
    const { published } = await formOf(token, pkg.id);

    expect((await call('POST', `/admin/packages/${pkg.id}/form/publish`, bearer(token))).statusCode).toBe(409);
    const edited = { ...published.definition, title: 'New OCI card (published by an admin)' };
    await call('PUT', `/admin/packages/${pkg.id}/form/draft`, bearer(token), { definition: edited });
    const res = await call('POST', `/admin/packages/${pkg.id}/form/publish`, bearer(token));
    expect(res.statusCode).toBe(200);
    const next = published.version + 1;
    expect(res.json()).toMatchObject({ message: A.published(next), data: { version: next } });

    const form = await formOf(token, pkg.id);
    expect(form.draft).toBeNull();
    expect(form.published).toMatchObject({ version: next, definition: { title: edited.title, version: next } });
    expect(form.versions.at(-1)).toMatchObject({ version: next, source: 'admin' });

    const orderForm = (ref: string) => call('GET', `/application/order/${ref}/form`, bearer(customer.token));
    expect((await orderForm(before.displayId)).json().data.definition).toMatchObject({
      title: published.definition.title,
      version: published.version,
    });
    const after = await startApplication(t.app, customer.token);
    expect((await orderForm(after.displayId)).json().data.definition).toMatchObject({
      title: edited.title,
      version: next,
    });

    const audit = await call(
      'GET',
      `/admin/audit-log?subjectType=form&subjectId=${encodeURIComponent(form.key)}`,
      bearer(token),
    );
    expect(audit.json().data.results).toEqual([
      expect.objectContaining({
        action: 'form.publish',
        actorEmail: email,
        before: expect.objectContaining({ version: published.version }),
        after: expect.objectContaining({ version: next, definitionId: res.json().data.id }),
      }),
    ]);
  });

  it('refuses a draft started before another version was published', async () => {
    const { token } = await admin();
    const packageId = await packageOf('oci-card', 'oci-card-for-minor', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    await call('PUT', `/admin/packages/${packageId}/form/draft`, bearer(token), {
      definition: { ...published.definition, title: 'Draft of an older version' },
    });
    // Another version appears meanwhile (e.g. a start-up seeding changed code text).
    await t.database.db.insert(formDefinitions).values({
      key: published.definition.id,
      version: published.version + 1,
      definition: { ...published.definition, version: published.version + 1 },
      checksum: 'x',
    });
    const res = await call('POST', `/admin/packages/${packageId}/form/publish`, bearer(token));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(A.stale);
  });

  it('two publishes of one draft at once store one version', async () => {
    const { token } = await admin();
    const packageId = await packageOf('indian-passport-renewal', 'tatkal', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    await call('PUT', `/admin/packages/${packageId}/form/draft`, bearer(token), {
      definition: { ...published.definition, title: 'Tatkal renewal (edited)' },
    });
    const answers = await Promise.all([
      call('POST', `/admin/packages/${packageId}/form/publish`, bearer(token)),
      call('POST', `/admin/packages/${packageId}/form/publish`, bearer(token)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const form = await formOf(token, packageId);
    expect(form.versions.map((v) => v.version)).toEqual([published.version, published.version + 1]);
  });

  it('a later start-up seed leaves an admin-published form alone', async () => {
    const { token } = await admin();
    const packageId = await packageOf('oci-card', 'new-oci-card', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    expect(published.definition.title).toBe('New OCI card (published by an admin)');
    const { seedFormDefinitions } = await import('../../db/seed/forms.ts');
    await seedFormDefinitions(t.database.db);
    const again = await formOf(token, packageId);
    expect(again.published).toEqual(published);
  });
});

describe('POST /questions/upload', () => {
  const CSV = [
    'key,label,type,required,options,min,max,pattern,patternMessage,help,errorLabel,text',
    'favouriteCity,Favourite city,text,true,,2,40,,,As you would write it,,',
    'travelMode,How will you travel?,radio,yes,air=By air|sea=By sea,,,,,,Travel mode,',
    'fileNumber,File number,unique ID,,,,,^[A-Z0-9]+$,Letters and digits only,,,',
    'notes,"Notes, ""if any""",description,,,,,,,,,"Tell us anything else.\nOn two lines."',
  ].join('\r\n');

  async function target() {
    const { token } = await admin();
    const packageId = await packageOf('indian-passport-renewal', 'adult-60-pages', { applyingFrom: 'US' });
    const { published } = await formOf(token, packageId);
    const step = published.definition.steps[0];
    const section = step?.sections[0];
    if (!step || !section) throw new Error('no section');
    return {
      token,
      packageId,
      url: `/questions/upload?packageId=${packageId}&step=${step.key}&section=${section.key}`,
      published,
      fieldsBefore: section.fields.length,
    };
  }

  it('refuses a file with bad rows as a whole, naming each row’s problem', async () => {
    const { token, url, packageId } = await target();
    const bad = [
      'key,label,type,required,options',
      'goodOne,Good one,text,,',
      'Bad Key,Bad,text,,',
      'choice,Choice,radio,maybe,',
      'noOptions,No options,select,,',
      'goodOne,Duplicate,text,,',
    ].join('\n');
    const res = await upload(url, token, 'text/csv', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(A.rowsInvalid);
    expect(res.json().errors).toEqual({ 'rows.3': 'Row 3: required must be true or false.' });
    const fixedRequired = bad.replace('maybe', 'no');
    const second = await upload(url, token, 'text/csv', fixedRequired);
    expect(second.statusCode).toBe(400);
    const errors = second.json().errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['rows.2.key', 'rows.3.options', 'rows.4.options']);
    expect(errors['rows.2.key']).toMatch(/^Row 2: Keys are camelCase/);
    // Rules that span the form (unique keys, conditions) are checked once every row has its shape.
    const duplicate = await upload(url, token, 'text/csv', 'key,label,type\ngoodOne,Good one,text\ngoodOne,Again,text');
    expect(Object.keys(duplicate.json().errors)).toEqual(['rows.2.key']);
    expect((await formOf(token, packageId)).draft).toBeNull();
  });

  it('refuses malformed files: unknown columns, an open quote, wrong cell counts, other types, too large', async () => {
    const { token, url } = await target();
    expect((await upload(url, token, 'text/csv', 'key,label,type,colour\na,b,text,red')).json().errors).toEqual({
      file: 'Unknown columns: colour.',
    });
    expect((await upload(url, token, 'text/csv', 'key,label,type\n"a,b,text')).statusCode).toBe(400);
    expect((await upload(url, token, 'text/csv', 'key,label,type\na,b')).json().errors).toEqual({
      'rows.1': 'Row 1 has 2 values; the header has 3.',
    });
    expect((await upload(url, token, 'text/csv', 'key,label,type\n')).json().errors).toEqual({ file: A.emptyFile });
    expect((await upload(url, token, 'application/json', '[1,2]')).statusCode).toBe(400);
    expect((await upload(url, token, 'text/plain', 'key,label,type\na,A,text')).statusCode).toBe(415);
    const huge = `key,label,type\n${'a'.repeat(300 * 1024)},A,text`;
    expect((await upload(url, token, 'text/csv', huge)).statusCode).toBe(413);
    const unknownStep = url.replace(/step=[^&]+/, 'step=nowhere');
    expect((await upload(unknownStep, token, 'text/csv', CSV)).json().errors).toEqual({
      step: A.unknownStep('nowhere'),
    });
  });

  it('appends a CSV file’s questions to the section of the draft, then a JSON file’s', async () => {
    const { token, url, packageId, fieldsBefore } = await target();
    const res = await upload(url, token, 'text/csv', CSV);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(A.imported(4));
    const fields = res.json().data.draft.definition.steps[0].sections[0].fields;
    expect(fields).toHaveLength(fieldsBefore + 4);
    expect(fields.slice(-4)).toEqual([
      {
        key: 'favouriteCity',
        label: 'Favourite city',
        type: 'text',
        required: true,
        help: 'As you would write it',
        rules: { min: 2, max: 40 },
      },
      {
        key: 'travelMode',
        label: 'How will you travel?',
        errorLabel: 'Travel mode',
        type: 'radio',
        required: true,
        options: [
          { value: 'air', label: 'By air' },
          { value: 'sea', label: 'By sea' },
        ],
      },
      {
        key: 'fileNumber',
        label: 'File number',
        type: 'unique ID',
        rules: { matches: { pattern: '^[A-Z0-9]+$', message: 'Letters and digits only' } },
      },
      { key: 'notes', label: 'Notes, "if any"', type: 'description', text: 'Tell us anything else.\nOn two lines.' },
    ]);
    const json = await upload(
      url,
      token,
      'application/json',
      JSON.stringify({
        questions: [
          {
            key: 'hasSponsor',
            label: 'Sponsor',
            type: 'radio',
            options: [
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ],
          },
          {
            type: 'dependent',
            key: 'sponsorGroup',
            when: { field: 'hasSponsor', equals: 'yes' },
            fields: [{ key: 'sponsorName', label: 'Sponsor name', type: 'text', required: true }],
          },
        ],
      }),
    );
    expect(json.statusCode).toBe(200);
    const form = await formOf(token, packageId);
    expect(form.draft?.definition.steps[0]?.sections[0]?.fields).toHaveLength(fieldsBefore + 6);
    expect(form.published.version).toBe(1);
  });
});
