// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, Outlet, RouterProvider, useRouteError } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { ROLE_MESSAGES } from '../../domain/users/roles.ts';
import { cleanupAfterEach, installBrowserStubs } from '../testing/dom.tsx';
import { ErrorAnswer, ErrorPage } from './error-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const Nothing = () => null;
/** A route's own boundary, as the service and article pages have. */
const PageBoundary = () => <ErrorAnswer error={useRouteError()} />;

/**
 * A page at /orders/7?tab=documents whose loader fails as `fail` says, in a router without the
 * root's data. The boundary gets no props, as root.tsx's re-exported one gets none in the app.
 */
async function failedPage(fail: () => never) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [{ path: '/orders/:id', loader: fail, Component: Nothing, HydrateFallback: Nothing, ErrorBoundary: ErrorPage }],
    { initialEntries: ['/orders/7?tab=documents'] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByRole('heading', { name: LAYOUT_MESSAGES.errorPage });
}

describe('the error page without the root’s data (its loader failed)', () => {
  it('stands alone with a way to try the same address again and a way home', async () => {
    await failedPage(() => {
      throw new Error('database gone');
    });
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByText('Something went wrong while showing this page. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/orders/7?tab=documents');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    // The contacts come from the root's data; without it there are none to show.
    expect(screen.queryByText(/call us toll-free/)).toBeNull();
  });
});

describe('a page that refused (a thrown 4xx answer)', () => {
  it('says what the page said, with no retry', async () => {
    await failedPage(() => {
      throw data('We could not find this order.', { status: 404 });
    });
    expect(screen.getByText('We could not find this order.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it('says the page is not theirs', async () => {
    await failedPage(() => {
      throw data(ROLE_MESSAGES.forbidden, { status: 403 });
    });
    expect(screen.getByText(ROLE_MESSAGES.forbidden)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('keeps React Router’s own message to developers off the page (a POST to a page without an action)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [{ path: '/faqs', loader: () => null, Component: Nothing, HydrateFallback: Nothing, ErrorBoundary: ErrorPage }],
      { initialEntries: ['/faqs'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/faqs', { formMethod: 'post', formData: new FormData() }));
    await screen.findByRole('heading', { name: LAYOUT_MESSAGES.errorPage });
    expect(screen.queryByText(/You made a POST request/)).toBeNull();
    expect(screen.getByText('Something went wrong while showing this page. Please try again.')).toBeTruthy();
  });

  it('names the page as missing when the answer carries no words', async () => {
    await failedPage(() => {
      throw data(null, { status: 404 });
    });
    expect(screen.getByText('We could not find that page.')).toBeTruthy();
  });
});

describe('a page that failed under a root whose data loaded', () => {
  it('offers the retry and the toll-free number and support address to call or write to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = {
      publicConfig: { tollFreeNumber: '1-800-555-0199', supportEmail: 'support@sevadocs.example' },
      navServices: [],
      user: null,
    };
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => root,
          Component: Outlet,
          HydrateFallback: Nothing,
          children: [
            {
              path: 'oci-card',
              loader: () => {
                throw new Error('the catalog went away');
              },
              Component: Nothing,
              ErrorBoundary: PageBoundary,
            },
          ],
        },
      ],
      { initialEntries: ['/oci-card'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: LAYOUT_MESSAGES.errorPage });
    expect(screen.getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(screen.getByRole('link', { name: 'support@sevadocs.example' }).getAttribute('href')).toBe(
      'mailto:support@sevadocs.example',
    );
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/oci-card');
  });
});
