// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminService } from '../../../domain/admin/catalog.ts';
import type { AdminCoupon } from '../../../domain/admin/coupons.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { CatalogPage, CatalogServicePage } from './catalog-pages.tsx';
import { CountriesPage } from './countries-page.tsx';
import { CouponEditPage, CouponsPage } from './coupons-pages.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

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
  packages: [
    {
      id: 11,
      name: 'New OCI Card',
      slug: 'new-oci-card',
      description: 'New',
      processingTime: '6–8 weeks',
      feeNote: null,
      applicantKinds: null,
      isActive: true,
      prices: [
        {
          id: 7,
          applyingFrom: 'CA',
          citizenship: null,
          destination: null,
          currency: 'CAD',
          governmentFeeCents: 42100,
          mandatoryFees: [],
          serviceFeeCents: 7900,
          compareAtServiceFeeCents: null,
          isEstimate: true,
          feesPaidOnPortal: false,
          effectiveFrom: null,
          applicantUnderAge: null,
          applicantFromAge: null,
        },
      ],
      timeline: [{ id: 21, position: 1, title: 'Review', description: 'We check', duration: 'Day 1', appliesTo: {} }],
      texts: [],
    },
  ],
  steps: [
    { id: 31, packageId: null, kind: 'step', position: 1, title: 'Apply', description: 'Fill the form', appliesTo: {} },
  ],
  faqs: [{ id: 41, position: 1, question: 'How long?', answer: 'Weeks', isActive: true, appliesTo: {} }],
};

const COUPON: AdminCoupon = {
  id: 5,
  code: 'FALL10',
  description: 'Ten off',
  discountType: 'flat',
  value: 1000,
  platform: 'sevadocs',
  startsAt: null,
  endsAt: '2031-06-30T23:59:59.000Z',
  minimumOrderCents: 0,
  usageLimit: 3,
  perCustomerLimit: null,
  isPublic: false,
  isActive: true,
  uses: 2,
  redemptions: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('catalog pages', () => {
  it('lists the services with links and the add-on price forms', async () => {
    renderWithRouter(
      <CatalogPage
        services={[
          {
            id: 3,
            name: 'OCI Card',
            slug: 'oci-card',
            brand: 'SEVADOCS',
            summary: 'OCI cards',
            isActive: true,
            packageCount: 4,
            updatedAt: '2026-11-01T10:00:00.000Z',
          },
        ]}
        addonPrices={[{ id: 1, addon: 'Expedite', currency: 'USD', amountCents: 6200, compareAtCents: null }]}
        generalFaqs={[
          { id: 5, position: 0, question: 'Is my payment safe?', answer: 'Yes.', isActive: true, appliesTo: {} },
        ]}
      />,
    );
    expect((await screen.findByRole('link', { name: 'OCI Card' })).getAttribute('href')).toBe('/admin/catalog/3');
    const addon = screen.getByRole('form', { name: 'Expedite in USD' });
    expect((within(addon).getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('62.00');
    expect(screen.getByRole('form', { name: 'FAQ: Is my payment safe?' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'General: new FAQ' })).toBeTruthy();
  });

  it("shows one service's forms: service, package, price per country, timeline, steps, FAQs", async () => {
    renderWithRouter(<CatalogServicePage service={SERVICE} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'OCI Card' })).toBeTruthy();
    for (const name of [
      'OCI Card: service',
      'New OCI Card: package',
      'Price applying from CA (CAD)',
      'Timeline: Review (Every country)',
      'Step 1: Apply (Every country)',
      'FAQ: How long? (Every country)',
      'Remove OCI Card',
      'OCI Card: parameters',
      'Remove New OCI Card',
      'New OCI Card: new price',
      'New package',
      'New OCI Card: new text for one country',
    ]) {
      expect(screen.getByRole('form', { name })).toBeTruthy();
    }
    const price = screen.getByRole('form', { name: 'Price applying from CA (CAD)' });
    expect((within(price).getByLabelText('An estimate staff must confirm') as HTMLInputElement).checked).toBe(true);
  });
});

describe('coupon pages', () => {
  it('lists coupons with their uses and creates one, in cents, after checking it', async () => {
    const api = fakeApi({ 'POST /api/v1/admin/coupons': () => ok(COUPON, 'Coupon created', 201) });
    renderWithRouter(
      <CouponsPage
        list={{ results: [COUPON], totalCount: 1, page: 1, limit: 25 }}
        query={{ page: 1, limit: 25, sort: 'createdAt', dir: 'desc', q: undefined }}
      />,
    );
    expect(await screen.findByRole('cell', { name: '2 of 3' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New coupon' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('Use 3 to 40 letters, digits, hyphens or underscores.', { selector: 'p' }));
    expect(api.calls).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'winter5' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'Five off' } });
    fireEvent.change(within(form).getByLabelText(/^Value/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/^Usage limit/), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('Coupon created')).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({
      code: 'winter5',
      discountType: 'flat',
      value: 500,
      platform: 'sevadocs',
      usageLimit: 100,
      perCustomerLimit: null,
      startsAt: null,
    });
  });

  it('edits a used coupon without sending its discount, and disables it', async () => {
    const api = fakeApi({ 'PATCH /api/v1/admin/coupons/5': () => ok(COUPON, 'Coupon saved') });
    renderWithRouter(<CouponEditPage coupon={COUPON} />);
    const form = await screen.findByRole('form', { name: 'Edit FALL10' });
    fireEvent.change(within(form).getByLabelText(/^Usage limit/), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await within(form).findByText('Coupon saved')).toBeTruthy();
    const body = api.calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ usageLimit: 4, endsAt: '2031-06-30T23:59:59.000Z' });
    expect(body).not.toHaveProperty('value');
    expect(body).not.toHaveProperty('discountType');

    fireEvent.click(screen.getByRole('button', { name: 'Disable coupon' }));
    await screen.findAllByText('Coupon saved');
    expect(api.calls[1]?.body).toEqual({ isActive: false });
  });
});

describe('countries page', () => {
  it('lists name, ISO and dial code', async () => {
    renderWithRouter(
      <CountriesPage
        list={{ results: [{ name: 'India', code: '+91', isoCode: 'IN' }], totalCount: 1, page: 1, limit: 25 }}
        query={{ page: 1, limit: 25, sort: 'name', dir: 'desc' }}
      />,
    );
    expect(await screen.findByRole('cell', { name: 'India' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '+91' })).toBeTruthy();
  });
});
