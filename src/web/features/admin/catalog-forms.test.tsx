// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPackage, AdminPrice, AdminService } from '../../../domain/admin/catalog.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { FaqList, PackageTextList, StepList, TimelineList } from './catalog-content-forms.tsx';
import { NewPackageForm, NewPriceForm, ParametersForm, RemoveForm } from './catalog-create-forms.tsx';
import { FaqForm, PackageForm, PriceForm, StepForm, TimelineForm } from './catalog-forms.tsx';
import { CountryEditPage } from './countries-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const PRICE: AdminPrice = {
  id: 7,
  applyingFrom: 'US',
  citizenship: null,
  destination: null,
  currency: 'USD',
  governmentFeeCents: 27500,
  mandatoryFees: [
    { label: 'ICWF', amountCents: 300 },
    { label: 'VFS Global service fee', amountCents: 1590 },
  ],
  serviceFeeCents: 7900,
  compareAtServiceFeeCents: null,
  isEstimate: false,
  feesPaidOnPortal: false,
  effectiveFrom: null,
  applicantUnderAge: null,
  applicantFromAge: null,
};

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

describe('the price form of /admin/catalog/:id', () => {
  it('shows the fees apart in the currency, as amounts', async () => {
    renderWithRouter(<PriceForm price={PRICE} />);
    expect((await screen.findByLabelText('Government fee (USD)')).getAttribute('value')).toBe('275.00');
    expect(field('Our fee \\(USD\\)').value).toBe('79.00');
    expect(field('Fee 1 name').value).toBe('ICWF');
    expect(field('Fee 2 amount').value).toBe('15.90');
    expect(field('Fee 3 name').value).toBe('');
    expect(screen.getByRole('form', { name: 'Price applying from US (USD)' })).toBeTruthy();
  });

  it('refuses an amount that is not one, under its field, focused, without calling the API', async () => {
    const api = fakeApi({});
    renderWithRouter(<PriceForm price={PRICE} />);
    const ours = await screen.findByLabelText('Our fee (USD)');
    fireEvent.change(ours, { target: { value: '79,5x' } });
    save();
    const message = await screen.findByText('Enter an amount like 15.90', { selector: 'p' });
    expect(ours.getAttribute('aria-invalid')).toBe('true');
    expect(ours.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(ours));
    expect(api.calls).toHaveLength(0);
  });

  it('sends cents, drops a cleared fee line, and shows the server refusal under its field', async () => {
    const refusal = 'The former fee must be higher than the service fee to be shown struck through.';
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/prices/7': (call) => {
        bodies.push(call.body);
        return bodies.length === 1
          ? ok({ changed: ['serviceFeeCents'] }, 'Saved')
          : fail(400, refusal, { compareAtServiceFeeCents: refusal });
      },
    });
    renderWithRouter(<PriceForm price={PRICE} />);
    fireEvent.change(await screen.findByLabelText('Our fee (USD)'), { target: { value: '89' } });
    fireEvent.change(field('Fee 1 name'), { target: { value: '' } });
    fireEvent.change(field('Fee 1 amount'), { target: { value: '' } });
    save();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies[0]).toEqual({
      governmentFeeCents: 27500,
      mandatoryFees: [{ label: 'VFS Global service fee', amountCents: 1590 }],
      serviceFeeCents: 8900,
      compareAtServiceFeeCents: null,
      isEstimate: false,
      feesPaidOnPortal: false,
      applicantFromAge: null,
      applicantUnderAge: null,
    });

    fireEvent.change(field('Former fee, struck through'), { target: { value: '50' } });
    save();
    const message = await screen.findByText(refusal, { selector: 'p' });
    expect(field('Former fee, struck through').getAttribute('aria-describedby')).toContain(message.id);
  });
});

describe('who a package and its price are for', () => {
  it('sends the price’s ages as whole years, empty as none, and the package’s kinds, both as anyone', async () => {
    const bodies: { url: string; body: unknown }[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/prices/7': (call) => {
        bodies.push({ url: call.path, body: call.body });
        return ok({ changed: ['applicantUnderAge'] }, 'Saved');
      },
      'PATCH /api/v1/admin/catalog/packages/11': (call) => {
        bodies.push({ url: call.path, body: call.body });
        return ok({ changed: ['applicantKinds'] }, 'Saved');
      },
    });
    renderWithRouter(<PriceForm price={{ ...PRICE, applicantUnderAge: 15 }} />);
    expect(((await screen.findByLabelText(/^For applicants younger than/)) as HTMLInputElement).value).toBe('15');
    fireEvent.change(field('For applicants younger than \\(years\\)'), { target: { value: '16' } });
    save();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies[0]?.body).toMatchObject({ applicantFromAge: null, applicantUnderAge: 16 });
    cleanup();

    renderWithRouter(<PackageForm pkg={{ ...PACKAGE, applicantKinds: ['Adult'] }} />);
    const form = await screen.findByRole('form', { name: 'New OCI Card: package' });
    const adults = within(form).getByLabelText('Adults (18 and over)') as HTMLInputElement;
    expect(adults.checked).toBe(true);
    fireEvent.click(within(form).getByLabelText('Minors (under 18)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.body).toMatchObject({ applicantKinds: null });
  });
});

describe('the step, timeline and FAQ forms (one entry form)', () => {
  it('sends every field of the entry, switches as true or false', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/faqs/4': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['answer'] }, 'Saved');
      },
    });
    renderWithRouter(
      <FaqForm faq={{ id: 4, position: 1, question: 'How long?', answer: 'Weeks', isActive: true, appliesTo: {} }} />,
    );
    const form = await screen.findByRole('form', { name: 'FAQ: How long?' });
    fireEvent.change(within(form).getByLabelText(/^Answer/), { target: { value: 'Six to eight weeks' } });
    fireEvent.click(within(form).getByLabelText('Shown on the site'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies[0]).toEqual({ question: 'How long?', answer: 'Six to eight weeks', position: 1, isActive: false });
  });

  it('refuses an empty field under it with the schema message, without calling the API', async () => {
    const api = fakeApi({});
    renderWithRouter(
      <TimelineForm
        entry={{ id: 2, position: 1, title: 'Review', description: 'We check', duration: 'Day 1', appliesTo: {} }}
      />,
    );
    const when = await screen.findByLabelText(/^When/);
    expect(screen.getByText('e.g. Day 1, Weeks 2–6')).toBeTruthy();
    fireEvent.change(when, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save timeline entry' }));
    expect(await screen.findByText('Enter the duration', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(when));
    expect(api.calls).toHaveLength(0);
    renderWithRouter(
      <StepForm
        step={{
          id: 3,
          packageId: null,
          kind: 'step',
          position: 2,
          title: 'Apply',
          description: 'Fill it',
          appliesTo: {},
        }}
      />,
    );
    expect(await screen.findByRole('form', { name: 'Step 2: Apply' })).toBeTruthy();
  });
});

const SERVICE: AdminService = {
  id: 3,
  name: 'OCI Card',
  slug: 'oci-card',
  brand: 'SEVADOCS',
  summary: 'OCI cards',
  description: 'Long text',
  isActive: true,
  parameters: ['applyingFrom'],
  parameterOptions: { applyingFrom: ['US', 'CA'] },
  packages: [],
  steps: [],
  faqs: [],
};
const PACKAGE: AdminPackage = {
  id: 11,
  name: 'New OCI Card',
  slug: 'new-oci-card',
  description: 'New',
  processingTime: '6–8 weeks',
  feeNote: null,
  applicantKinds: null,
  isActive: true,
  prices: [],
  timeline: [],
  texts: [],
};

describe('adding to the catalog', () => {
  it("sends a service's parameters as one key per parameter asked, codes as typed", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PUT /api/v1/admin/catalog/services/3/parameters': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['parameters', 'parameterOptions'] }, 'Saved');
      },
    });
    renderWithRouter(<ParametersForm service={SERVICE} />);
    const form = await screen.findByRole('form', { name: 'OCI Card: parameters' });
    expect((within(form).getByLabelText(/^Applying From countries/) as HTMLInputElement).value).toBe('US, CA');
    fireEvent.click(within(form).getByLabelText('Ask for Destination'));
    fireEvent.change(within(form).getByLabelText(/^Destination countries/), { target: { value: 'in' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save parameters' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies[0]).toEqual({ applyingFrom: ['US', 'CA'], destination: ['in'] });
  });

  it('refuses a parameter without countries before sending', async () => {
    const api = fakeApi({});
    renderWithRouter(<ParametersForm service={SERVICE} />);
    fireEvent.change(await screen.findByLabelText(/^Applying From countries/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    expect(await screen.findByText('Give Applying From at least one country', { selector: 'p' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("adds a price for one of the service's countries, fees in cents, in force from a date", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/v1/admin/catalog/packages/11/prices': (call) => {
        bodies.push(call.body);
        return ok({ id: 90 }, 'Created', 201);
      },
    });
    renderWithRouter(<NewPriceForm service={SERVICE} pkg={PACKAGE} />);
    const form = await screen.findByRole('form', { name: 'New OCI Card: new price' });
    fireEvent.change(within(form).getByLabelText(/^Applying From/), { target: { value: 'CA' } });
    fireEvent.change(within(form).getByLabelText(/^Currency/), { target: { value: 'CAD' } });
    fireEvent.change(within(form).getByLabelText(/^Government fee/), { target: { value: '421' } });
    fireEvent.change(within(form).getByLabelText(/^Our fee/), { target: { value: '79' } });
    fireEvent.change(within(form).getByLabelText(/^Fee 1 name/), { target: { value: 'BLS service fee' } });
    fireEvent.change(within(form).getByLabelText(/^Fee 1 amount/), { target: { value: '7.40' } });
    fireEvent.change(within(form).getByLabelText(/^In force from/), { target: { value: '2027-07-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add price' }));
    expect(await within(form).findByText('Created')).toBeTruthy();
    expect(bodies[0]).toEqual({
      applyingFrom: 'CA',
      citizenship: null,
      destination: null,
      currency: 'CAD',
      governmentFeeCents: 42100,
      mandatoryFees: [{ label: 'BLS service fee', amountCents: 740 }],
      serviceFeeCents: 7900,
      compareAtServiceFeeCents: null,
      isEstimate: false,
      feesPaidOnPortal: false,
      effectiveFrom: '2027-07-01',
    });
  });

  it("shows the server's slug refusal under the new package's slug", async () => {
    const taken = 'Another package of this service already has this slug';
    fakeApi({ 'POST /api/v1/admin/catalog/services/3/packages': () => fail(409, taken, { slug: taken }) });
    renderWithRouter(<NewPackageForm serviceId={3} />);
    const form = await screen.findByRole('form', { name: 'New package' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Renewal' } });
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'new-oci-card' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'Renew it' } });
    fireEvent.change(within(form).getByLabelText(/^Processing time/), { target: { value: '4 weeks' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create package' }));
    const message = await within(form).findByText(taken, { selector: 'p' });
    expect(within(form).getByLabelText(/^Slug/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it('says when a removal archived rather than deleted', async () => {
    const archived = 'Taken off the site and kept: 2 orders refer to it';
    fakeApi({ 'DELETE /api/v1/admin/catalog/packages/11': () => ok({ outcome: 'archived', orders: 2 }, archived) });
    renderWithRouter(
      <RemoveForm
        prefix="remove-11"
        url="/admin/catalog/packages/11"
        title="Remove New OCI Card"
        label="Remove package"
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove package' }));
    expect(await screen.findByText(archived)).toBeTruthy();
  });
});

describe('the country form of /admin/countries/:isoCode', () => {
  it("refuses a dial code with the sign-up form's message, then saves a good one", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/countries/CA': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['name'] }, 'Saved');
      },
    });
    renderWithRouter(<CountryEditPage country={{ name: 'Canada', code: '+1', isoCode: 'CA' }} />);
    const code = await screen.findByLabelText(/^Dial code/);
    fireEvent.change(code, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save country' }));
    expect(await screen.findByText('Invalid country code', { selector: 'p' })).toBeTruthy();
    fireEvent.change(code, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save country' }));
    expect(await screen.findByText('Enter country code', { selector: 'p' })).toBeTruthy();
    fireEvent.change(code, { target: { value: '+1' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Canada (CA)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save country' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Canada (CA)', code: '+1' }]);
  });
});

describe('adding, moving and removing steps, timeline entries and FAQs', () => {
  const FAQ = { id: 4, position: 0, question: 'How long?', answer: 'Weeks', isActive: true, appliesTo: {} };

  it('adds a FAQ last with the API schema, then clears the form', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/v1/admin/catalog/services/3/faqs': (call) => {
        bodies.push(call.body);
        return ok({ id: 9 }, 'Created', 201);
      },
    });
    renderWithRouter(<FaqList serviceId={3} faqs={[FAQ]} owner="OCI Card" />);
    const form = await screen.findByRole('form', { name: 'OCI Card: new FAQ' });
    const question = within(form).getByLabelText(/^Question/) as HTMLInputElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Add FAQ' }));
    expect(await within(form).findByText('Enter the question', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(bodies).toEqual([]);

    fireEvent.change(question, { target: { value: 'Can I travel?' } });
    fireEvent.change(within(form).getByLabelText(/^Answer/), { target: { value: 'Yes.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add FAQ' }));
    expect(await within(form).findByText('Created')).toBeTruthy();
    expect(bodies).toEqual([{ question: 'Can I travel?', answer: 'Yes.', isActive: true }]);
    expect(question.value).toBe('');
  });

  it('moves a FAQ by its Order field, refusing what is not a whole number under it', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/faqs/4': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['position'] }, 'Saved');
      },
    });
    renderWithRouter(<FaqList serviceId={null} faqs={[FAQ]} owner="General" />);
    const form = await screen.findByRole('form', { name: 'FAQ: How long?' });
    const order = within(form).getByLabelText(/^Order/) as HTMLInputElement;
    fireEvent.change(order, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(form).findByText('Enter a whole number from 0 to 9999', { selector: 'p' })).toBeTruthy();
    expect(order.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(order, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([{ question: 'How long?', answer: 'Weeks', position: 3, isActive: true }]);
    expect(screen.getByRole('form', { name: 'Remove FAQ How long?' })).toBeTruthy();
  });

  it("adds a package's own section with its package, and shows the server's message under its field", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/v1/admin/catalog/services/3/process-steps': (call) => {
        bodies.push(call.body);
        const problem = 'Choose one of this service’s packages, or none for every package';
        return fail(400, problem, { title: 'Title must be at most 200 characters' });
      },
    });
    renderWithRouter(<StepList serviceId={3} packageId={11} steps={[]} owner="New OCI Card package" />);
    const form = await screen.findByRole('form', { name: 'New OCI Card package: new step or section' });
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'detail' } });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Courier' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'We ship it back.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add step or section' }));
    const title = within(form).getByLabelText(/^Title/);
    expect(await within(form).findByText('Title must be at most 200 characters', { selector: 'p' })).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ packageId: 11, kind: 'detail', title: 'Courier', description: 'We ship it back.' }]);
  });

  it('lists a timeline with a remove button per entry and a form for a new one', async () => {
    const removed: string[] = [];
    fakeApi({
      'DELETE /api/v1/admin/catalog/timeline/2': (call) => {
        removed.push(call.path);
        return ok({ outcome: 'deleted', orders: 0 }, 'Deleted');
      },
    });
    renderWithRouter(
      <TimelineList
        pkg={{
          ...PACKAGE,
          timeline: [
            { id: 2, position: 0, title: 'Review', description: 'We check', duration: 'Day 1', appliesTo: {} },
          ],
        }}
      />,
    );
    expect(await screen.findByRole('form', { name: 'Timeline: Review' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New OCI Card: new timeline entry' })).toBeTruthy();
    const remove = screen.getByRole('form', { name: 'Remove timeline entry Review' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove timeline entry' }));
    expect(await within(remove).findByText('Deleted')).toBeTruthy();
    expect(removed).toEqual(['/api/v1/admin/catalog/timeline/2']);
    // The entry's form goes once the page reloads: the list says what went and takes the focus.
    const said = await screen.findByText('Removed: Review');
    await waitFor(() => expect(document.activeElement).toBe(said));
  });
});

/* Decision 0080: a package's texts per country, and the countries a step, timeline entry or FAQ applies to. */
const CA_TEXT: AdminPackage['texts'][number] = {
  id: 5,
  appliesTo: { applyingFrom: 'CA' },
  description: null,
  features: ['BLS appointment'],
  processingTime: '6–8 weeks after BLS receives the file',
  documents: null,
  feeNote: null,
};
const options = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => [o.value, o.textContent]);

describe("a package's texts per country", () => {
  it('lists each with its country and what it replaces, and saves its fields, empty ones as the general text', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/package-texts/5': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['processingTime', 'features'] }, 'Saved');
      },
    });
    renderWithRouter(<PackageTextList pkg={{ ...PACKAGE, texts: [CA_TEXT] }} service={SERVICE} />);
    const form = await screen.findByRole('form', { name: 'New OCI Card: text for Applying From: Canada' });
    expect(within(form).getByRole('heading', { name: 'For Applying From: Canada' })).toBeTruthy();
    expect(
      within(form).getByText(
        'Replaces the general processing time, what the customer gets; the other fields show the general text.',
      ),
    ).toBeTruthy();
    const features = within(form).getByLabelText(/^What the customer gets/) as HTMLTextAreaElement;
    expect(features.value).toBe('BLS appointment');
    expect(
      within(form)
        .getByLabelText(/^Description/)
        .getAttribute('aria-required'),
    ).toBeNull();

    fireEvent.change(features, { target: { value: 'BLS appointment\n\n  Courier both ways ' } });
    fireEvent.change(within(form).getByLabelText(/^Processing time/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save text' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([
      {
        description: '',
        processingTime: '',
        feeNote: '',
        features: ['BLS appointment', 'Courier both ways'],
        documents: [],
      },
    ]);
    expect(screen.getByRole('form', { name: 'Remove the text for Applying From: Canada' })).toBeTruthy();
  });

  it("adds one for a country the service offers; refuses every country and an empty text before sending, and shows the server's conflict on the choice", async () => {
    const bodies: unknown[] = [];
    const twice = 'This package already has a text for this choice: edit that one';
    fakeApi({
      'POST /api/v1/admin/catalog/packages/11/texts': (call) => {
        bodies.push(call.body);
        return fail(409, twice, { appliesTo: twice });
      },
    });
    renderWithRouter(<PackageTextList pkg={{ ...PACKAGE, texts: [] }} service={SERVICE} />);
    expect(await screen.findByText("None: every country's pages show the general text.")).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New OCI Card: new text for one country' });
    const choice = within(form).getByRole('group', { name: 'Applies to' });
    const country = within(choice).getByLabelText(/^Applying From/);
    expect(options(country)).toEqual([
      ['', 'Choose a country'],
      ['*', 'Every country'],
      ['US', 'United States (US)'],
      ['CA', 'Canada (CA)'],
    ]);
    fireEvent.change(within(form).getByLabelText(/^Fee note/), { target: { value: 'Plus the BLS fee' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add text' }));
    const everywhere = 'Choose at least one country: the package’s own fields are its text for every country';
    expect(await within(form).findByText(everywhere, { selector: 'p' })).toBeTruthy();
    expect(choice.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(choice));
    expect(bodies).toEqual([]);

    fireEvent.change(country, { target: { value: 'CA' } });
    fireEvent.change(within(form).getByLabelText(/^Fee note/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add text' }));
    expect(
      await within(form).findAllByText('Fill at least one field: an empty field keeps the general text'),
    ).not.toHaveLength(0);
    expect(bodies).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Fee note/), { target: { value: 'Plus the BLS fee' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add text' }));
    expect(await within(form).findByText(twice, { selector: 'p' })).toBeTruthy();
    expect(bodies).toEqual([
      {
        appliesTo: { applyingFrom: 'CA' },
        description: '',
        processingTime: '',
        feeNote: 'Plus the BLS fee',
        features: [],
        documents: [],
      },
    ]);
  });
});

describe('the countries a step or FAQ applies to', () => {
  const FAQ = {
    id: 4,
    position: 0,
    question: 'Where do I apply?',
    answer: 'At BLS.',
    isActive: true,
    appliesTo: { applyingFrom: 'CA' },
  };

  it("names the FAQ's country in its form, shows it chosen, and sends the new choice", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/admin/catalog/faqs/4': (call) => {
        bodies.push(call.body);
        return ok({ changed: ['appliesTo'] }, 'Saved');
      },
    });
    renderWithRouter(<FaqList serviceId={3} faqs={[FAQ]} owner="OCI Card" service={SERVICE} />);
    const form = await screen.findByRole('form', { name: 'FAQ: Where do I apply? (Applying From: Canada)' });
    const country = within(form).getByLabelText(/^Applying From/) as HTMLSelectElement;
    expect(country.value).toBe('CA');
    fireEvent.change(country, { target: { value: '*' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([
      { question: 'Where do I apply?', answer: 'At BLS.', position: 0, isActive: true, appliesTo: {} },
    ]);
    // The general FAQs have no service: no choice is shown or sent.
    renderWithRouter(<FaqList serviceId={null} faqs={[{ ...FAQ, id: 6, appliesTo: {} }]} owner="General" />);
    const general = await screen.findByRole('form', { name: 'FAQ: Where do I apply?' });
    expect(within(general).queryByRole('group', { name: 'Applies to' })).toBeNull();
  });

  it("adds a step for one country, and shows the server's refusal under the choice", async () => {
    const bodies: unknown[] = [];
    const problem = "France is not among the service's Applying From countries";
    fakeApi({
      'POST /api/v1/admin/catalog/services/3/process-steps': (call) => {
        bodies.push(call.body);
        return fail(400, problem, { appliesTo: problem });
      },
    });
    renderWithRouter(<StepList serviceId={3} packageId={null} steps={[]} owner="OCI Card" service={SERVICE} />);
    const form = await screen.findByRole('form', { name: 'OCI Card: new step or section' });
    expect((within(form).getByLabelText(/^Applying From/) as HTMLSelectElement).value).toBe('*');
    fireEvent.change(within(form).getByLabelText(/^Applying From/), { target: { value: 'US' } });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Book at VFS' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'US only.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add step or section' }));
    const group = within(form).getByRole('group', { name: 'Applies to' });
    const message = await within(form).findByText(problem, { selector: 'p' });
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(bodies).toEqual([
      {
        packageId: null,
        kind: 'step',
        title: 'Book at VFS',
        description: 'US only.',
        appliesTo: { applyingFrom: 'US' },
      },
    ]);
  });
});
