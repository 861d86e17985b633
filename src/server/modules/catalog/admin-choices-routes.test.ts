import { describe, expect, it } from 'vitest';
import type { AdminService } from '../../../domain/admin/catalog.ts';
import type { ServicePageContent } from '../../../domain/catalog/catalog-content.ts';
import { contentForChoices } from '../../../domain/catalog/choice-text.ts';
import { expectRoleGuard, type Method, setUpAdminApi } from '../users/testing.ts';

/**
 * Decision 0080: a package's texts per choice of countries, and the choice (`appliesTo`) of steps,
 * timeline entries and FAQs, set in the back office and seen at once on the public pages of that
 * choice only.
 */
const t = setUpAdminApi();
const { call, asAdmin, auditOf } = t;

const CA = { applyingFrom: 'CA' };
const US = { applyingFrom: 'US' };

const ociContent = async (): Promise<ServicePageContent> =>
  (await call('GET', '/services/slug/oci-card/content')).json().data as ServicePageContent;
const ociAdmin = async (): Promise<AdminService> => {
  const { service } = await ociContent();
  return (await asAdmin('GET', `/admin/catalog/services/${service.id}`)).json().data as AdminService;
};
/** The OCI card's packages worded for a choice, as its package page for that country reads them. */
const wordedFor = async (serviceId: number, query: string) =>
  (await call('POST', `/packages/${serviceId}?${query}`)).json().data as {
    slug: string;
    description: string;
    processingTime: string;
    documents: string[];
  }[];

describe('who may add, edit and remove package texts', () => {
  const endpoints: [Method, string, Record<string, unknown>?][] = [
    ['POST', '/admin/catalog/packages/1/texts', { appliesTo: CA, description: 'x' }],
    ['PATCH', '/admin/catalog/package-texts/1', { description: 'x' }],
    ['DELETE', '/admin/catalog/package-texts/1'],
  ];
  it.each(endpoints)('%s %s: a visitor 401, a customer 403, staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });
});

describe("a package's text for one country", () => {
  it('is listed, refused twice for a choice, added, edited and removed; shown for its country only; audited', async () => {
    const service = await ociAdmin();
    // The seed words the new OCI card for each country: a second text for Canada is a conflict.
    const seeded = service.packages.find((p) => p.slug === 'new-oci-card');
    if (!seeded) throw new Error('no new-oci-card package');
    expect(seeded.texts.map((x) => x.appliesTo)).toEqual(expect.arrayContaining([CA, US]));
    const twice = await asAdmin('POST', `/admin/catalog/packages/${seeded.id}/texts`, {
      appliesTo: { applyingFrom: 'ca' },
      feeNote: 'Another note',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: 'This package already has a text for this choice: edit that one',
      errors: { appliesTo: 'This package already has a text for this choice: edit that one' },
    });

    // Without its Canadian text, the Canadian page shows the package's general text.
    const pkg = seeded;
    const seededCa = pkg.texts.find((x) => x.appliesTo.applyingFrom === 'CA');
    const worded = async (query: string) => (await wordedFor(service.id, query)).find((p) => p.slug === pkg.slug);
    const us = await worded('applyingFrom=US');
    expect((await asAdmin('DELETE', `/admin/catalog/package-texts/${seededCa?.id}`)).statusCode).toBe(200);
    const general = await worded('applyingFrom=CA');
    expect(general).toMatchObject({ description: pkg.description, processingTime: pkg.processingTime });

    const changes = t.countChanges();
    const created = await asAdmin('POST', `/admin/catalog/packages/${pkg.id}/texts`, {
      appliesTo: CA,
      description: '',
      processingTime: '  Usually 7 weeks from BLS International ',
      documents: ['Canadian PR card', ' ', 'Record of landing'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(changes.count).toBe(1);
    changes.stop();

    const listed = (await ociAdmin()).packages.find((p) => p.id === pkg.id)?.texts.find((x) => x.id === id);
    // As stored: trimmed, the empty description and the blank line dropped (the general text shows).
    const stored = {
      appliesTo: CA,
      description: null,
      features: null,
      processingTime: 'Usually 7 weeks from BLS International',
      documents: ['Canadian PR card', 'Record of landing'],
      feeNote: null,
    };
    expect(listed).toEqual({ id, ...stored });
    // Canada's page shows it at once (the worded packages are a cached read); the US page does not.
    expect(await worded('applyingFrom=CA')).toMatchObject({
      processingTime: 'Usually 7 weeks from BLS International',
      documents: ['Canadian PR card', 'Record of landing'],
      description: pkg.description,
    });
    expect(await worded('applyingFrom=US')).toEqual(us);

    const edited = await asAdmin('PATCH', `/admin/catalog/package-texts/${id}`, {
      processingTime: 'Usually 8 weeks',
      documents: [],
    });
    expect(edited.json().data.changed).toEqual(['processingTime', 'documents']);
    const after = await worded('applyingFrom=CA');
    expect(after?.processingTime).toBe('Usually 8 weeks');
    expect(after?.documents).toEqual(general?.documents);

    const emptied = await asAdmin('PATCH', `/admin/catalog/package-texts/${id}`, { processingTime: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe('Keep at least one field, or remove this text to show the general text');

    expect((await asAdmin('DELETE', `/admin/catalog/package-texts/${id}`)).json().message).toBe('Deleted');
    expect(await worded('applyingFrom=CA')).toEqual(general);
    expect(await worded('applyingFrom=US')).toEqual(us);

    const email = t.admin.email;
    expect(await auditOf('package_text', id)).toEqual([
      {
        action: 'catalog.package_text_create',
        actorEmail: email,
        before: null,
        after: { packageId: pkg.id, ...stored },
      },
      {
        action: 'catalog.package_text',
        actorEmail: email,
        before: {
          processingTime: 'Usually 7 weeks from BLS International',
          documents: ['Canadian PR card', 'Record of landing'],
        },
        after: { processingTime: 'Usually 8 weeks', documents: null },
      },
      {
        action: 'catalog.package_text_delete',
        actorEmail: email,
        before: expect.objectContaining({ packageId: pkg.id, appliesTo: CA, processingTime: 'Usually 8 weeks' }),
        after: null,
      },
    ]);
  });

  it('refuses every country, an empty text, a country or parameter the service does not offer, with their messages', async () => {
    const service = await ociAdmin();
    const pkg = service.packages[0];
    if (!pkg) throw new Error('no package');
    const url = `/admin/catalog/packages/${pkg.id}/texts`;
    const everywhere = await asAdmin('POST', url, { appliesTo: {}, description: 'x' });
    expect(everywhere.statusCode).toBe(400);
    expect(everywhere.json().errors.appliesTo).toBe(
      'Choose at least one country: the package’s own fields are its text for every country',
    );
    const empty = await asAdmin('POST', url, { appliesTo: CA, description: ' ', features: [] });
    expect(empty.json().errors.form).toBe('Fill at least one field: an empty field keeps the general text');
    const unknown = await asAdmin('POST', url, { appliesTo: { applyingFrom: 'ZZ' }, feeNote: 'x' });
    expect(unknown.json().errors['appliesTo.applyingFrom']).toBe('ZZ is not a country code');
    const notOffered = await asAdmin('POST', url, { appliesTo: { applyingFrom: 'FR' }, feeNote: 'x' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors.appliesTo).toBe("France is not among the service's Applying From countries");
    const notAsked = await asAdmin('POST', url, { appliesTo: { destination: 'IN' }, feeNote: 'x' });
    expect(notAsked.json().errors.appliesTo).toBe('This service does not ask for Destination');
    const stranger = await asAdmin('POST', url, { appliesTo: { state: 'ON' }, feeNote: 'x' });
    expect(stranger.json().errors.appliesTo).toBe('Choose countries for applyingFrom, citizenship or destination only');
    expect(
      (await asAdmin('POST', '/admin/catalog/packages/999999/texts', { appliesTo: CA, feeNote: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('the choice a step, timeline entry or FAQ applies to', () => {
  it('is set when adding and editing, shown for that country only, audited before → after', async () => {
    const service = await ociAdmin();
    const pkg = service.packages[0];
    if (!pkg) throw new Error('no package');
    const shown = async (choices: Record<string, string>) => contentForChoices(await ociContent(), choices);

    const faq = await asAdmin('POST', `/admin/catalog/services/${service.id}/faqs`, {
      question: 'Where do Canadian residents apply?',
      answer: 'At BLS International.',
      appliesTo: CA,
    });
    expect(faq.statusCode).toBe(201);
    const faqId = faq.json().data.id as number;
    expect((await shown(CA)).faqs.map((f) => f.id)).toContain(faqId);
    expect((await shown(US)).faqs.map((f) => f.id)).not.toContain(faqId);
    expect((await ociAdmin()).faqs.find((f) => f.id === faqId)?.appliesTo).toEqual(CA);

    const moved = await asAdmin('PATCH', `/admin/catalog/faqs/${faqId}`, { appliesTo: US });
    expect(moved.json().data.changed).toEqual(['appliesTo']);
    expect((await shown(US)).faqs.map((f) => f.id)).toContain(faqId);
    expect((await shown(CA)).faqs.map((f) => f.id)).not.toContain(faqId);
    // The same choice again changes nothing (and records nothing).
    expect((await asAdmin('PATCH', `/admin/catalog/faqs/${faqId}`, { appliesTo: US })).json().message).toBe(
      'Nothing changed',
    );
    await asAdmin('PATCH', `/admin/catalog/faqs/${faqId}`, { appliesTo: {} });
    expect((await shown(CA)).faqs.map((f) => f.id)).toContain(faqId);
    expect((await auditOf('faq', faqId)).slice(1)).toEqual([
      { action: 'catalog.faq', actorEmail: t.admin.email, before: { appliesTo: CA }, after: { appliesTo: US } },
      { action: 'catalog.faq', actorEmail: t.admin.email, before: { appliesTo: US }, after: { appliesTo: {} } },
    ]);

    const step = await asAdmin('POST', `/admin/catalog/services/${service.id}/process-steps`, {
      kind: 'step',
      title: 'Book at BLS',
      description: 'Canada only.',
      appliesTo: CA,
    });
    const stepId = step.json().data.id as number;
    expect((await shown(CA)).steps.map((s) => s.id)).toContain(stepId);
    expect((await shown(US)).steps.map((s) => s.id)).not.toContain(stepId);
    expect((await auditOf('process_step', stepId))[0]?.after).toMatchObject({ appliesTo: CA });

    const entry = await asAdmin('POST', `/admin/catalog/packages/${pkg.id}/timeline`, {
      title: 'VFS checks the file',
      duration: 'Week 1',
      description: 'US only.',
    });
    const entryId = entry.json().data.id as number;
    expect((await shown(CA)).timelines[pkg.id]?.map((e) => e.id)).toContain(entryId);
    await asAdmin('PATCH', `/admin/catalog/timeline/${entryId}`, { appliesTo: { applyingFrom: 'us' } });
    expect((await shown(CA)).timelines[pkg.id]?.map((e) => e.id)).not.toContain(entryId);
    expect((await shown(US)).timelines[pkg.id]?.map((e) => e.id)).toContain(entryId);
  });

  it('keeps a two-country choice in URL order, so saving it unchanged records nothing (jsonb reorders keys)', async () => {
    const visa = (await call('GET', '/services/slug/indian-visa/content')).json().data as ServicePageContent;
    const serviceId = visa.service.id;
    // jsonb returns keys shortest first: applyingFrom (12 letters) comes back after destination (11).
    const asked = await asAdmin('PUT', `/admin/catalog/services/${serviceId}/parameters`, {
      applyingFrom: ['US', 'CA'],
      citizenship: ['US', 'CA'],
      destination: ['IN'],
    });
    expect(asked.statusCode).toBe(200);
    const both = { applyingFrom: 'CA', destination: 'IN' };
    const created = await asAdmin('POST', `/admin/catalog/services/${serviceId}/faqs`, {
      question: 'Do residents of Canada need a visa for India?',
      answer: 'Yes.',
      appliesTo: { destination: 'in', applyingFrom: 'ca' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const admin = (await asAdmin('GET', `/admin/catalog/services/${serviceId}`)).json().data as AdminService;
    expect(JSON.stringify(admin.faqs.find((f) => f.id === id)?.appliesTo)).toBe(JSON.stringify(both));
    const again = await asAdmin('PATCH', `/admin/catalog/faqs/${id}`, {
      appliesTo: { destination: 'IN', applyingFrom: 'CA' },
    });
    expect(again.json()).toMatchObject({ message: 'Nothing changed', data: { changed: [] } });
    const content = (await call('GET', '/services/slug/indian-visa/content')).json().data as ServicePageContent;
    expect(contentForChoices(content, { ...both, citizenship: 'US' }).faqs.map((f) => f.id)).toContain(id);
    expect(contentForChoices(content, { applyingFrom: 'US', destination: 'IN' }).faqs.map((f) => f.id)).not.toContain(
      id,
    );
    expect((await auditOf('faq', id)).map((e) => e.action)).toEqual(['catalog.faq_create']);
  });

  it('refuses a country the service does not offer, on adding and on editing, and any country on a general FAQ', async () => {
    const service = await ociAdmin();
    const pkg = service.packages[0];
    const step = service.steps[0];
    if (!pkg || !step) throw new Error('no package or step');
    const france = "France is not among the service's Applying From countries";
    const added = await asAdmin('POST', `/admin/catalog/packages/${pkg.id}/timeline`, {
      title: 'x',
      duration: 'Day 1',
      description: 'y',
      appliesTo: { applyingFrom: 'FR' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors.appliesTo).toBe(france);
    const edited = await asAdmin('PATCH', `/admin/catalog/process-steps/${step.id}`, {
      appliesTo: { applyingFrom: 'FR' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors.appliesTo).toBe(france);
    expect((await auditOf('process_step', step.id)).filter((e) => e.action === 'catalog.process_step')).toEqual([]);
    const general = await asAdmin('POST', '/admin/catalog/faqs', { question: 'q', answer: 'a', appliesTo: CA });
    expect(general.json().errors.appliesTo).toBe('This service does not ask for Applying From');
  });
});
