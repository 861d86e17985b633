// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Filing } from '../../../../domain/catalog/filing.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { addressCountryConflict, regionMismatch } from '../../../../domain/jurisdiction/address-answers.ts';
import { JURISDICTION_MESSAGES } from '../../../../domain/jurisdiction/messages.ts';
import { addressConflict } from '../../../../domain/jurisdiction/proof-of-address.ts';
import { TULARE_JURISDICTION } from '../../../../domain/jurisdiction/testing.ts';
import { JURISDICTION_TEXT } from '../../../components/jurisdiction-answer.tsx';
import type { OrderMissionOf } from '../../../components/jurisdiction-notice.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { FormEngine } from '../form-engine/form-engine.tsx';
import { ADDRESS_JURISDICTION_TEXT, AddressJurisdiction, addressStepKeys } from './address-jurisdiction.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** The address block's answers as form-definitions/blocks.ts asks them, after a first step. */
const definition: FormDefinition = {
  format: 1,
  id: 'test/address',
  version: 1,
  title: 'Test application',
  steps: [
    {
      key: 'aboutYou',
      title: 'About you',
      sections: [{ key: 'names', title: 'Your name', fields: [{ type: 'text', key: 'surname', label: 'Surname' }] }],
    },
    {
      key: 'whereYouLive',
      title: 'Where you live',
      sections: [
        {
          key: 'addressAbroadSection',
          title: 'Your address in the USA or Canada',
          fields: [
            { type: 'country dropdown', key: 'addressCountry', label: 'Country', countries: ['US', 'CA'] },
            {
              type: 'dependent',
              key: 'usAddress',
              when: { field: 'addressCountry', equals: 'US' },
              fields: [
                {
                  type: 'dropdown',
                  key: 'usState',
                  label: 'State',
                  options: [
                    { value: 'CA', label: 'California' },
                    { value: 'AZ', label: 'Arizona' },
                  ],
                },
                { type: 'short answer', key: 'zipCode', label: 'ZIP code' },
              ],
            },
            {
              type: 'dependent',
              key: 'caAddress',
              when: { field: 'addressCountry', equals: 'CA' },
              fields: [{ type: 'short answer', key: 'postalCode', label: 'Postal code' }],
            },
          ],
        },
      ],
    },
  ],
};

function renderAddressStep(
  defaultValues: Record<string, string>,
  order: OrderMissionOf | null = null,
  serviceSlug = 'oci-card',
  applyingFrom = 'US',
  filing: Filing = 'mission',
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const steps = addressStepKeys(definition, 'Adult');
  return render(
    <QueryClientProvider client={client}>
      <FormEngine
        definition={definition}
        memberKind="Adult"
        initialStep={2}
        today="2026-11-29"
        defaultValues={defaultValues}
        stepAddOn={(stepKey) =>
          steps.has(stepKey) ? (
            <AddressJurisdiction order={order} filing={filing} serviceSlug={serviceSlug} applyingFrom={applyingFrom} />
          ) : null
        }
      />
    </QueryClientProvider>,
  );
}

describe('AddressJurisdiction', () => {
  it('finds the address step by its ZIP and postal code questions', () => {
    expect([...addressStepKeys(definition, 'Adult')]).toEqual(['whereYouLive']);
  });

  it('says nothing until the ZIP is whole, then where the file goes, with the address, source and date', async () => {
    const api = fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    renderAddressStep({ addressCountry: 'US', zipCode: '9327' });
    expect(screen.queryByRole('region', { name: JURISDICTION_TEXT.title })).toBeNull();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/ZIP code/), { target: { value: '93277' } });
    const notice = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    expect(
      await within(notice).findByText(
        'Your file goes to the Consulate General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post.',
      ),
    ).toBeTruthy();
    expect(notice.textContent).toContain('Posted to: VFS Global, 228 Grant Avenue, 5th Floor, San Francisco, CA 94108');
    expect(notice.textContent).toContain('Source, in force since November 2, 2020:');
    const source = within(notice).getByRole('link', { name: 'cgisf.gov.in' });
    expect(source.getAttribute('href')).toBe(TULARE_JURISDICTION.sourceUrl);
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    expect(api.calls.map((c) => Object.fromEntries(c.query))).toEqual([{ country: 'US', postalCode: '93277' }]);
  });

  it('sends a power of attorney straight to the mission: not the centre’s address', async () => {
    fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    renderAddressStep({ addressCountry: 'US', zipCode: '93277' }, null, 'power-of-attorney');
    const notice = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    expect(
      await within(notice).findByText(
        'Your file goes to the Consulate General in San Francisco (Tulare County), straight to the mission, not through VFS, by post.',
      ),
    ).toBeTruthy();
    expect(within(notice).getByText(JURISDICTION_TEXT.postToMission)).toBeTruthy();
    expect(notice.textContent).not.toContain('228 Grant Avenue');
  });

  it('asks with the postal code in its usual form, and shows the server’s answer to a code it cannot place', async () => {
    const api = fakeApi({ 'GET /api/v1/jurisdiction': () => fail(404, JURISDICTION_MESSAGES.unknown) });
    renderAddressStep({ addressCountry: 'CA', postalCode: 'k1a0b1' }, null, 'oci-card', 'CA');
    const notice = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    expect(await within(notice).findByText(JURISDICTION_MESSAGES.unknown)).toBeTruthy();
    expect(api.calls.map((c) => c.query.get('postalCode'))).toEqual(['K1A 0B1']);
  });

  it('on another member’s step, says when their address is another mission’s than the order’s, and not when it is the same', async () => {
    fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    const losAngeles = {
      ...TULARE_JURISDICTION,
      postalCode: '90012',
      place: 'Los Angeles County',
      mission: {
        kind: 'consulate_general' as const,
        name: 'Consulate General of India, Los Angeles',
        city: 'Los Angeles',
      },
    };
    const order = { memberName: 'Rohan Sharma', mission: losAngeles, deciderName: 'Priya Sharma' };
    const { unmount } = renderAddressStep({ addressCountry: 'US', zipCode: '93277' }, order);
    const notice = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    expect(
      await within(notice).findByText(
        `Rohan Sharma’s ${addressConflict({ country: 'US', postalCode: '93277' }, TULARE_JURISDICTION, losAngeles, 'Priya Sharma')}`,
      ),
    ).toBeTruthy();
    expect(notice.textContent).toContain(
      'is served by the Consulate General of India, San Francisco, but this application goes to the Consulate General of India, Los Angeles (Los Angeles County), from Priya Sharma’s address.',
    );
    unmount();

    renderAddressStep({ addressCountry: 'US', zipCode: '93277' }, { ...order, mission: TULARE_JURISDICTION });
    const same = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    await within(same).findByText(/Your file goes to/);
    expect(same.textContent).not.toContain('this application goes to');
  });

  it('names no mission nor postal address for an order filed online (the e-Visa): nothing is posted', () => {
    const api = fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    // The order's filing, as the server answers it: not worked out here from the service's slug.
    renderAddressStep({ addressCountry: 'US', zipCode: '93277' }, null, 'indian-visa', '', 'online');
    const notice = screen.getByRole('region', { name: JURISDICTION_TEXT.title });
    expect(notice.textContent).toContain(ADDRESS_JURISDICTION_TEXT.onlineOnly);
    expect(notice.textContent).not.toMatch(/Your file goes to|Posted to|VFS/);
    expect(api.calls).toHaveLength(0);
  });

  it('says an address in the other country than the order was priced for goes nowhere with it, as the review will', async () => {
    const api = fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    renderAddressStep({ addressCountry: 'US', zipCode: '93277' }, null, 'oci-card', 'CA');
    expect((await screen.findByRole('alert')).textContent).toBe(addressCountryConflict({ addressCountry: 'US' }, 'CA'));
    // No mission is named for it: the order would not go there.
    expect(screen.queryByRole('region', { name: JURISDICTION_TEXT.title })).toBeNull();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'CA' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says when the state chosen is not the ZIP’s, and not once it is', async () => {
    fakeApi({ 'GET /api/v1/jurisdiction': () => ok(TULARE_JURISDICTION) });
    renderAddressStep({ addressCountry: 'US', usState: 'AZ', zipCode: '93277' });
    const notice = await screen.findByRole('region', { name: JURISDICTION_TEXT.title });
    const mismatch = regionMismatch({ country: 'US', postalCode: '93277' }, 'AZ', TULARE_JURISDICTION) ?? '';
    expect(await within(notice).findByText(mismatch)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/State/), { target: { value: 'CA' } });
    await waitFor(() => expect(within(notice).queryByText(mismatch)).toBeNull());
  });
});
