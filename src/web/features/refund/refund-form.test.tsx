// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { REFUND_FORM_TEXT, RefundForm } from './refund-form.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

describe('the refund request form', () => {
  it('comes filled with the order from its page and the signed-in customer’s e-mail', async () => {
    renderWithRouter(
      <RefundForm result={undefined} prefill={{ orderId: 'PHO-57369120', email: 'asha@example.com' }} />,
    );
    expect(((await screen.findByLabelText(/^Order ID/)) as HTMLInputElement).value).toBe('PHO-57369120');
    expect((screen.getByLabelText(/^E-mail used for the order/) as HTMLInputElement).value).toBe('asha@example.com');
    const amount = screen.getByLabelText(/^Refund amount/) as HTMLInputElement;
    expect(amount.value).toBe('');
    // Empty means empty: no grey figure that reads as an amount already filled in; the hint shows the form.
    expect(amount.placeholder).toBe('');
    expect(amount.getAttribute('aria-describedby') ?? '').not.toBe('');
    expect(screen.getByText('An amount such as 79.00: at most what you paid for this order.')).toBeTruthy();
  });

  it('keeps what was sent over the prefill after a refusal', async () => {
    const refused = {
      ok: false as const,
      message: 'Please fix the errors below.',
      errors: { reason: 'Reason should be at least 20 characters' },
      values: { orderId: 'DOC-000123', email: 'typed@example.com', amount: '10', reason: 'short', website: '' },
    };
    renderWithRouter(<RefundForm result={refused} prefill={{ orderId: 'PHO-57369120', email: 'asha@example.com' }} />);
    expect(((await screen.findByLabelText(/^Order ID/)) as HTMLInputElement).value).toBe('DOC-000123');
    expect((screen.getByLabelText(/^E-mail used for the order/) as HTMLInputElement).value).toBe('typed@example.com');
  });

  it('once sent from an order’s page, leads back to that order', async () => {
    const sent = {
      ok: true as const,
      reference: 'RF-7K3Q9M2X',
      orderId: 'PHO-57369120',
      amount: '25.00',
      email: 'asha@example.com',
      message: 'Your refund request has been sent.',
    };
    renderWithRouter(<RefundForm result={sent} prefill={{ orderId: 'PHO-57369120', email: 'asha@example.com' }} />);
    const back = await screen.findByRole('link', { name: REFUND_FORM_TEXT.backToOrder });
    expect(back.getAttribute('href')).toBe('/photos/photo-enhancement?orderId=PHO-57369120');
    expect(screen.getByText('Reference number')).toBeTruthy();
    cleanup();
    // Sent from the page itself, with no order named: nothing to go back to.
    renderWithRouter(<RefundForm result={sent} />);
    await screen.findByText('Reference number');
    expect(screen.queryByRole('link', { name: REFUND_FORM_TEXT.backToOrder })).toBeNull();
  });
});
