// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPackage } from '../../../domain/admin/catalog.ts';
import type { ServiceChoices } from '../../../domain/admin/catalog-choices.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { FaqList, PackageTextList, StepList } from './catalog-content-forms.tsx';

/** Decision 0080: a package's texts per country, and the countries a step, timeline entry or FAQ applies to. */
beforeAll(installBrowserStubs);
cleanupAfterEach();

const OCI: ServiceChoices = { parameters: ['applyingFrom'], parameterOptions: { applyingFrom: ['US', 'CA'] } };
const PACKAGE: AdminPackage = {
  id: 11,
  name: 'New OCI Card',
  slug: 'new-oci-card',
  description: 'New',
  processingTime: '6–8 weeks',
  feeNote: null,
  isActive: true,
  prices: [],
  timeline: [],
  texts: [
    {
      id: 5,
      appliesTo: { applyingFrom: 'CA' },
      description: null,
      features: ['BLS appointment'],
      processingTime: '6–8 weeks after BLS receives the file',
      documents: null,
      feeNote: null,
    },
  ],
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
    renderWithRouter(<PackageTextList pkg={PACKAGE} service={OCI} />);
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
    renderWithRouter(<PackageTextList pkg={{ ...PACKAGE, texts: [] }} service={OCI} />);
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
    renderWithRouter(<FaqList serviceId={3} faqs={[FAQ]} owner="OCI Card" service={OCI} />);
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
    renderWithRouter(<StepList serviceId={3} packageId={null} steps={[]} owner="OCI Card" service={OCI} />);
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
