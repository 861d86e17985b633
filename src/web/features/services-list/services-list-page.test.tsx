// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CARD_PRICE_TEXT } from '../../components/service-card-price.tsx';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { type ListedService, ServicesListPage } from './services-list-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const service = (id: number, name: string, slug: string, amountCents: number): ListedService => ({
  id,
  name,
  slug,
  brand: 'SEVADOCS',
  summary: `${name} summary`,
  icon: 'plane',
  fromPrice: { amountCents, currency: 'USD' },
});

describe('ServicesListPage', () => {
  it('claims every fee only where the card says so: the e-Visa’s are paid on the official portal', async () => {
    renderWithRouter(
      <ServicesListPage
        query=""
        matches={0}
        services={[service(1, 'OCI Card', 'oci-card', 31890), service(2, 'Indian Visa', 'indian-visa', 1200)]}
        contact={{ tollFreeNumber: '1-800-555-0100', whatsappNumber: '15555550100' }}
      />,
    );
    const visa = (await screen.findByRole('link', { name: 'Indian Visa' })).closest('li') as HTMLElement;
    expect(within(visa).getByText(SERVICE_CARD_PRICE_TEXT.portal)).toBeTruthy();
    expect(visa.textContent).not.toContain(SERVICE_CARD_PRICE_TEXT.allFees);
    const oci = screen.getByRole('link', { name: 'OCI Card' }).closest('li') as HTMLElement;
    expect(within(oci).getByText(SERVICE_CARD_PRICE_TEXT.allFees)).toBeTruthy();
    expect(document.body.textContent).not.toContain('every fee included');
  });
});
