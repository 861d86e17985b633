// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRINT_PACK_MESSAGES } from '../../../../domain/applications/print-pack.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { COPY_TEXT } from '../../../components/ui/copy-button.tsx';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { CopyAssist } from './copy-assist.tsx';
import { COPY_ASSIST_PAGE_TEXT, CopyAssistPage } from './copy-assist-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(() => vi.unstubAllGlobals());

const DEFINITION: FormDefinition = {
  format: 1,
  id: 'oci-card/new-oci-card',
  version: 1,
  title: 'OCI card registration',
  steps: [
    {
      key: 'aboutYou',
      title: 'About you',
      minor: { title: 'About {name}' },
      sections: [
        {
          key: 'names',
          title: 'Your name, as in your passport',
          minor: { title: '{name}’s name, as in the passport' },
          fields: [
            { type: 'text', key: 'surname', label: 'Surname' },
            { type: 'text', key: 'givenName', label: 'Given name(s)' },
            { type: 'date', key: 'dateOfBirth', label: 'Date of birth' },
            { type: 'country dropdown', key: 'birthCountry', label: 'Country of birth' },
            { type: 'short answer', key: 'visibleMark', label: 'Visible identification mark' },
            { type: 'image upload', key: 'photo', label: 'Your photo' },
          ],
        },
      ],
    },
  ],
};

const AARAV = {
  surname: 'Sharma',
  givenName: 'Aarav',
  dateOfBirth: '2016-09-30',
  birthCountry: 'IN',
  photo: { documentId: '9', name: 'aarav.jpg', type: 'image/jpeg', size: 1200 },
};

function withClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}

const rowOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement);
};

describe('CopyAssist', () => {
  it('lists the answers in the form’s order, in capitals with DD/MM/YYYY dates, worded for a minor', async () => {
    renderWithRouter(
      <CopyAssist definition={DEFINITION} member={{ kind: 'Minor', fullName: 'Aarav Sharma' }} answers={AARAV} />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'About Aarav' })).toBeTruthy();
    expect(screen.getByText('Aarav’s name, as in the passport')).toBeTruthy();
    expect([...document.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Surname',
      'Given name(s)',
      'Date of birth',
      'Country of birth',
      'Visible identification mark',
    ]);
    expect(rowOf('Surname').getByText('SHARMA')).toBeTruthy();
    expect(rowOf('Date of birth').getByText('30/09/2016')).toBeTruthy();
    expect(rowOf('Country of birth').getByText('INDIA')).toBeTruthy();
    // Nothing to copy where nothing was answered; the photo is uploaded, never typed.
    expect(rowOf('Visible identification mark').getByText('Not answered')).toBeTruthy();
    expect(rowOf('Visible identification mark').queryByRole('button')).toBeNull();
    expect(screen.queryByText('Your photo')).toBeNull();
  });

  it('copies one answer as the portal takes it and says so to screen readers', async () => {
    const clipboard = withClipboard(async () => {});
    renderWithRouter(
      <CopyAssist definition={DEFINITION} member={{ kind: 'Minor', fullName: 'Aarav Sharma' }} answers={AARAV} />,
    );
    const button = await screen.findByRole('button', { name: 'Copy Date of birth' });
    fireEvent.click(button);
    expect(clipboard.writeText).toHaveBeenCalledWith('30/09/2016');
    await waitFor(() => expect(rowOf('Date of birth').getByRole('status').textContent).toBe('Date of birth copied'));
    expect(button.textContent).toContain(COPY_TEXT.copied);
  });

  it('says when the clipboard refuses, and logs it', async () => {
    withClipboard(async () => {
      throw new Error('denied');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(
      <CopyAssist definition={DEFINITION} member={{ kind: 'Adult', fullName: 'Priya Sharma' }} answers={AARAV} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Surname' }));
    await waitFor(() => expect(rowOf('Surname').getByRole('status').textContent).toBe(COPY_TEXT.failed));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

const OCI_PRICE = {
  currency: 'USD',
  governmentFeeCents: 27500,
  mandatoryFees: [{ label: 'ICWF', amountCents: 300 }],
  serviceFeeCents: 7900,
  feesPaidOnPortal: false,
};

const order = (status: string, price: object = OCI_PRICE) => ({
  id: 7,
  displayId: 'DOC-12345678',
  title: 'OCI Card: New OCI Card',
  status,
  price,
  members: [
    { id: 41, fullName: 'Priya Sharma', kind: 'Adult' },
    { id: 42, fullName: 'Aarav Sharma', kind: 'Minor' },
  ],
});

function page(status: string, price?: object): ReactNode {
  fakeApi({
    'GET /api/v1/application/order/DOC-12345678': () => ok(order(status, price)),
    'GET /api/v1/application/order/DOC-12345678/form': () => ok({ definition: DEFINITION }),
    'GET /api/v1/application/order/DOC-12345678/members/42/form': () =>
      ok({ memberId: 42, currentStep: 9, answers: AARAV, reviewDetails: null, canEdit: false, canRemoveReview: false }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <CopyAssistPage orderRef="DOC-12345678" memberId={42} />
    </QueryClientProvider>
  );
}

describe('CopyAssistPage', () => {
  it('shows a paid order member’s answers with the print pack, the other members, and that we never submit', async () => {
    renderWithRouter(page('Forms incomplete'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy-assist: Aarav Sharma' })).toBeTruthy();
    expect(screen.getByText(COPY_ASSIST_PAGE_TEXT.neverSubmit)).toBeTruthy();
    // Every fee of an OCI card was paid with the order: nothing is said of paying a portal.
    expect(screen.queryByText(/portal asks for the government fee/)).toBeNull();
    const pack = screen.getByRole('link', { name: 'Download Aarav Sharma’s print pack (PDF)' });
    expect(pack.getAttribute('href')).toBe('/api/v1/application/order/DOC-12345678/members/42/print-pack');
    const members = within(screen.getByRole('navigation', { name: 'Members' }));
    expect(members.getByRole('link', { name: 'Aarav Sharma' }).getAttribute('aria-current')).toBe('page');
    expect(members.getByRole('link', { name: 'Priya Sharma' }).getAttribute('href')).toBe(
      '/service-order/copy-assist?orderId=DOC-12345678&member=41',
    );
    expect(await screen.findByText('AARAV')).toBeTruthy();
  });

  it('tells an e-Visa applicant to pay the government fee on the portal: it was not in our price', async () => {
    renderWithRouter(
      page('Forms incomplete', {
        ...OCI_PRICE,
        governmentFeeCents: 2500,
        mandatoryFees: [{ label: 'Bank charge (2.5%)', amountCents: 63 }],
        feesPaidOnPortal: true,
      }),
    );
    expect(await screen.findByText(COPY_ASSIST_PAGE_TEXT.portalFee('$25.63'))).toBeTruthy();
    expect(screen.queryByText(/in US dollars/)).toBeNull();
    expect(COPY_ASSIST_PAGE_TEXT.portalFee('$25.63')).toBe(
      'At the end the portal asks for the government fee and its bank charge (about $25.63): pay it there, by card. It is not in the price you paid us.',
    );
  });

  it('tells a Canadian e-Visa applicant that the portal charges US dollars', async () => {
    renderWithRouter(
      page('Forms incomplete', {
        ...OCI_PRICE,
        currency: 'CAD',
        governmentFeeCents: 3500,
        mandatoryFees: [{ label: 'Bank charge (2.5%)', amountCents: 88 }],
        feesPaidOnPortal: true,
      }),
    );
    const said = `${COPY_ASSIST_PAGE_TEXT.portalFee('CA$35.88')}${COPY_ASSIST_PAGE_TEXT.portalCurrency}`;
    expect(await screen.findByText(said)).toBeTruthy();
  });

  it('waits for the payment before offering anything', async () => {
    renderWithRouter(page('Payment pending'));
    expect(await screen.findByText(PRINT_PACK_MESSAGES.notPaid)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /print pack/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
  });
});
