import { describe, expect, it } from 'vitest';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

/** Adding, moving, editing and removing steps, timeline entries and FAQs (decision 0076), seen publicly at once. */
const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

interface Content {
  service: { id: number; packages: { id: number; slug: string }[] };
  steps: { id: number; title: string }[];
  details: { id: number; title: string }[];
  packageSteps: Record<string, { id: number; title: string }[]>;
  packageDetails: Record<string, { id: number; title: string }[]>;
  timelines: Record<string, { id: number; title: string; duration: string }[]>;
  faqs: { id: number; question: string; answer: string }[];
}
/** What the OCI card's public page shows, through the public (cached) API. */
const ociContent = async (): Promise<Content> =>
  (await call('GET', '/services/slug/oci-card/content')).json().data as Content;

const FAQ = { question: 'Can I travel while my OCI card is processed?', answer: 'Yes, on your valid visa.' };

describe('who may add, list and remove steps, timeline entries and FAQs', () => {
  const endpoints: [Method, string, Record<string, unknown>?][] = [
    ['POST', '/admin/catalog/services/1/process-steps', { kind: 'step', title: 'x', description: 'y' }],
    ['DELETE', '/admin/catalog/process-steps/1'],
    ['POST', '/admin/catalog/packages/1/timeline', { title: 'x', duration: 'Day 1', description: 'y' }],
    ['DELETE', '/admin/catalog/timeline/1'],
    ['POST', '/admin/catalog/services/1/faqs', FAQ],
    ['POST', '/admin/catalog/faqs', FAQ],
    ['GET', '/admin/catalog/faqs'],
    ['DELETE', '/admin/catalog/faqs/1'],
    ['PATCH', '/admin/catalog/faqs/1', { position: 0 }],
  ];
  it.each(endpoints)('%s %s: a visitor 401, a customer 403, staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });
});

describe("a service's FAQs", () => {
  it('are added last, moved, edited and removed; the public content follows at once; audited', async () => {
    const before = await ociContent();
    const serviceId = before.service.id;
    // The public content is a cached read (its body and the page cache drop together on a change):
    // it was just read, so seeing the new FAQ below proves the add dropped it.
    expect(before.faqs.map((f) => f.question)).not.toContain(FAQ.question);

    const changes = t.countChanges();
    const created = await asAdmin('POST', `/admin/catalog/services/${serviceId}/faqs`, {
      question: `  ${FAQ.question} `,
      answer: FAQ.answer,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Created');
    const id = created.json().data.id as number;
    expect(changes.count).toBe(1);
    changes.stop();

    const added = await ociContent();
    expect(added.faqs.at(-1)).toMatchObject({ id, ...FAQ });
    const position = before.faqs.length;

    // Reorder: position 0 puts it before the seeded first question.
    const moved = await asAdmin('PATCH', `/admin/catalog/faqs/${id}`, { position: 0 });
    expect(moved.json().data.changed).toEqual(['position']);
    const reordered = await ociContent();
    expect(reordered.faqs.findIndex((f) => f.id === id)).toBeLessThan(reordered.faqs.length - 1);

    await asAdmin('PATCH', `/admin/catalog/faqs/${id}`, { answer: 'Yes, on a valid visa or passport.' });
    expect((await ociContent()).faqs.find((f) => f.id === id)?.answer).toBe('Yes, on a valid visa or passport.');

    const removal = t.countChanges();
    const removed = await asAdmin('DELETE', `/admin/catalog/faqs/${id}`);
    expect(removal.count).toBe(1);
    removal.stop();
    expect(removed.json()).toMatchObject({ message: 'Deleted', data: { outcome: 'deleted', orders: 0 } });
    expect((await ociContent()).faqs.map((f) => f.id)).not.toContain(id);
    expect((await asAdmin('DELETE', `/admin/catalog/faqs/${id}`)).json().message).toBe(`No FAQ found with id ${id}`);

    const email = t.admin.email;
    expect(await auditOf('faq', id)).toEqual([
      {
        action: 'catalog.faq_create',
        actorEmail: email,
        before: null,
        after: { serviceId, ...FAQ, isActive: true, position, appliesTo: {} },
      },
      { action: 'catalog.faq', actorEmail: email, before: { position }, after: { position: 0 } },
      {
        action: 'catalog.faq',
        actorEmail: email,
        before: { answer: FAQ.answer },
        after: { answer: 'Yes, on a valid visa or passport.' },
      },
      {
        action: 'catalog.faq_delete',
        actorEmail: email,
        before: expect.objectContaining({ serviceId, question: FAQ.question, position: 0 }),
        after: null,
      },
    ]);
  });

  it('refuses empty texts, a bad position and an unknown service with their messages, writing nothing', async () => {
    const { service } = await ociContent();
    const empty = await asAdmin('POST', `/admin/catalog/services/${service.id}/faqs`, {
      question: '  ',
      answer: '',
      position: -1,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      question: 'Enter the question',
      answer: 'Enter the answer',
      position: 'Enter a whole number from 0 to 9999',
    });
    const unknown = await asAdmin('POST', '/admin/catalog/services/999999/faqs', FAQ);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No service found with id 999999');
    const moved = await asAdmin('PATCH', '/admin/catalog/faqs/1', { position: 1.5 });
    expect(moved.json().errors.position).toBe('Enter a whole number from 0 to 9999');
  });
});

describe('general FAQs', () => {
  it('are listed for admins, added, shown on /faq/service?general=true at once, and hidden', async () => {
    const listed = (await asAdmin('GET', '/admin/catalog/faqs')).json().data.results as { id: number }[];
    expect(listed.length).toBeGreaterThan(0);
    const generalFaqs = async () =>
      (await call('GET', '/faq/service?general=true')).json().data.results as { id: number }[];
    const shownBefore = await generalFaqs();

    const general = { question: 'Do you work on Sundays?', answer: 'Our team answers every day.' };
    const created = await asAdmin('POST', '/admin/catalog/faqs', general);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const relisted = (await asAdmin('GET', '/admin/catalog/faqs')).json().data.results;
    expect(relisted.at(-1)).toMatchObject({ id, ...general, isActive: true, position: listed.length });

    const shown = await generalFaqs();
    expect(shown).toHaveLength(shownBefore.length + 1);
    expect(shown.at(-1)).toMatchObject({ id, serviceId: null, ...general });
    expect((await auditOf('faq', id))[0]).toMatchObject({ action: 'catalog.faq_create', after: { serviceId: null } });

    await asAdmin('PATCH', `/admin/catalog/faqs/${id}`, { isActive: false });
    expect(
      (await call('GET', '/faq/service?general=true')).json().data.results.map((f: { id: number }) => f.id),
    ).not.toContain(id);
  });
});

describe('steps and process sections', () => {
  it("are added to the service or one package, moved and removed, shown on the service's content at once", async () => {
    const before = await ociContent();
    const serviceId = before.service.id;
    const pkg = before.service.packages[0];
    if (!pkg) throw new Error('no package');
    const step = { kind: 'step', title: 'Sign the form', description: 'Sign where the arrows show.' };

    const shared = await asAdmin('POST', `/admin/catalog/services/${serviceId}/process-steps`, step);
    expect(shared.statusCode).toBe(201);
    const sharedId = shared.json().data.id as number;
    expect((await ociContent()).steps.at(-1)).toMatchObject({ id: sharedId, title: step.title });

    const section = { kind: 'detail', packageId: pkg.id, title: 'Courier', description: 'We ship it back.' };
    const own = await asAdmin('POST', `/admin/catalog/services/${serviceId}/process-steps`, section);
    expect(own.statusCode).toBe(201);
    const ownId = own.json().data.id as number;
    expect((await ociContent()).packageDetails[pkg.id]?.at(-1)).toMatchObject({ id: ownId, title: 'Courier' });

    await asAdmin('PATCH', `/admin/catalog/process-steps/${sharedId}`, { position: 0, title: 'Sign it' });
    const moved = (await ociContent()).steps;
    expect(moved.findIndex((s) => s.id === sharedId)).toBeLessThan(moved.length - 1);
    expect(moved.find((s) => s.id === sharedId)?.title).toBe('Sign it');

    expect((await asAdmin('DELETE', `/admin/catalog/process-steps/${sharedId}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/admin/catalog/process-steps/${ownId}`)).statusCode).toBe(200);
    const after = await ociContent();
    expect(after.steps.map((s) => s.id)).toEqual(before.steps.map((s) => s.id));
    expect(after.packageDetails[pkg.id]).toEqual(before.packageDetails[pkg.id]);

    expect((await auditOf('process_step', ownId)).map((e) => e.action)).toEqual([
      'catalog.process_step_create',
      'catalog.process_step_delete',
    ]);
    expect((await auditOf('process_step', ownId))[0]?.after).toMatchObject({ serviceId, ...section });
  });

  it("refuses another service's package, a bad kind and empty texts with their messages", async () => {
    const { service } = await ociContent();
    const others = (await asAdmin('GET', '/admin/catalog/services')).json().data.results as { id: number }[];
    const other = others.find((s) => s.id !== service.id);
    if (!other) throw new Error('one service only');
    const foreign = await asAdmin('POST', `/admin/catalog/services/${other.id}/process-steps`, {
      kind: 'step',
      packageId: service.packages[0]?.id,
      title: 'x',
      description: 'y',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.packageId).toBe('Choose one of this service’s packages, or none for every package');
    const bad = await asAdmin('POST', `/admin/catalog/services/${service.id}/process-steps`, {
      kind: 'intro',
      title: '',
      description: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ kind: 'Choose Step or Process section', title: 'Enter the title' });
  });
});

describe('package timelines', () => {
  it('get an entry added last, moved, removed, shown at once; audited; refused without a duration', async () => {
    const before = await ociContent();
    const pkg = before.service.packages[0];
    if (!pkg) throw new Error('no package');
    const entry = { title: 'Photos checked', duration: 'Day 2', description: 'We check your photo and signature.' };
    const created = await asAdmin('POST', `/admin/catalog/packages/${pkg.id}/timeline`, entry);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await ociContent()).timelines[pkg.id]?.at(-1)).toMatchObject({ id, ...entry });

    await asAdmin('PATCH', `/admin/catalog/timeline/${id}`, { position: 0 });
    const moved = (await ociContent()).timelines[pkg.id] ?? [];
    expect(moved.findIndex((e) => e.id === id)).toBeLessThan(moved.length - 1);

    expect((await asAdmin('DELETE', `/admin/catalog/timeline/${id}`)).json().message).toBe('Deleted');
    expect((await ociContent()).timelines[pkg.id]).toEqual(before.timelines[pkg.id]);
    expect((await auditOf('package_timeline', id)).map((e) => e.action)).toEqual([
      'catalog.timeline_create',
      'catalog.timeline',
      'catalog.timeline_delete',
    ]);

    const missing = await asAdmin('POST', `/admin/catalog/packages/${pkg.id}/timeline`, { ...entry, duration: '' });
    expect(missing.json().errors.duration).toBe('Enter the duration');
    const unknown = await asAdmin('POST', '/admin/catalog/packages/999999/timeline', entry);
    expect(unknown.json().message).toBe('No package found with id 999999');
  });
});
