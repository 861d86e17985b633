// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../../../domain/orders/status.ts';
import { cleanupAfterEach, installBrowserStubs, stickyBarsOfHeight } from '../../../testing/dom.tsx';
import { checklist, member, order } from '../../../testing/order-fixtures.ts';
import { REVIEW_TEXT, ReviewPage } from './review-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** A one-member order with everything in: its answers reviewed, no document asked. */
function renderReview(status: OrderStatus) {
  const reviewed = member({ progress: { currentStep: 7, totalSteps: 7, reviewed: true } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewPage
        orderRef="DOC-48213907"
        order={order({ status, members: [reviewed] })}
        definition={null}
        checklist={checklist({ complete: true })}
        href={() => '#'}
        open={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('the review page’s way on, with everything in', () => {
  it('leads to checkout while the order waits for its payment', () => {
    renderReview('Payment pending');
    expect(screen.getByText(REVIEW_TEXT.allDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: REVIEW_TEXT.continue })).toBeTruthy();
  });

  it('leads back to an order paid for, after its answers were changed, and never speaks of checkout', () => {
    renderReview('Order pending');
    expect(
      screen.getByText('Everything is in, and your changes are saved. You can go back to your order.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: REVIEW_TEXT.toOrder })).toBeTruthy();
    expect(screen.queryByText(/checkout/)).toBeNull();
  });
});

describe('the review page’s list of what is missing', () => {
  it('names a document our team asked for outside the checklist as they typed it, as the order page does (decision 0188 §2)', () => {
    const item = (id: string, label: string) => ({
      id,
      label,
      required: true,
      accept: { types: ['pdf' as const], maxBytes: 10_000_000 },
      uploaded: false,
      documents: [],
    });
    const reviewed = member({ progress: { currentStep: 7, totalSteps: 7, reviewed: true } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewPage
          orderRef="DOC-48213907"
          order={order({ status: 'Forms incomplete', members: [reviewed] })}
          definition={null}
          checklist={checklist({
            members: [
              {
                memberId: 11,
                fullName: 'Priya Sharma',
                kind: 'Adult',
                items: [item('pan', 'PAN card'), item('other-1a2b3c4d', 'Marriage certificate')],
                otherDocuments: [],
                complete: false,
              },
            ],
          })}
          href={() => '#'}
          open={() => {}}
        />
      </QueryClientProvider>,
    );
    const list = screen.getByRole('heading', { name: REVIEW_TEXT.missingTitle }).parentElement;
    const items = [...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items).toEqual(['Priya’s PAN card', 'Marriage certificate (for Priya)']);
  });
});

describe('the review page’s bar at the screen’s foot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lifts the chat button above it by its height, as the form’s own bar does', () => {
    // Wrapped to two rows on a phone: 101 px high.
    const lift = stickyBarsOfHeight(101);
    renderReview('Payment pending');
    expect(lift()).toBe('101px');
    cleanup();
    expect(lift()).toBe('');
  });
});
