// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useLocation, useSearchParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { PhotoOrderPage } from './photo-order-page.tsx';
import { photoOrderAt } from './testing.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** The page as its route gives it the address's order, and where the address is. */
function RoutedPage() {
  const [params] = useSearchParams();
  const { search, hash } = useLocation();
  return (
    <>
      <p data-testid="address">{`${search}${hash}`}</p>
      <PhotoOrderPage orderRef={params.get('orderId')} invalid={false} Checkout={() => null} />
    </>
  );
}

describe('the photo order page', () => {
  it('takes the order’s reference into the address when a notification opened it by number, so its steps’ changes show', async () => {
    const paid = photoOrderAt(4, { id: 12, displayId: 'PHO-1012', status: 'Order pending' });
    const api = fakeApi({
      'GET /api/v1/photo-orders/12': () => ok(paid),
      'GET /api/v1/photo-orders/PHO-1012': () => ok(paid),
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RoutedPage />
      </QueryClientProvider>,
      { path: '/photo-enhancement?orderId=12#retake-7' },
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?orderId=PHO-1012#retake-7'));
    // What the steps refresh (the order under its reference) is what the page now reads.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/v1/photo-orders/PHO-1012')).toBe(true));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
