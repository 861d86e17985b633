// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, installBrowserStubs } from '../testing/dom.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(() => vi.useRealTimers());

function Frame() {
  return (
    <>
      <RouteAnnouncer />
      <main>
        <Outlet />
      </main>
    </>
  );
}

describe('RouteAnnouncer', () => {
  it('says nothing on the first page, then the heading of each page a link opens', async () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(
      [
        {
          element: <Frame />,
          children: [
            { path: '/', element: <Link to="/about">About us</Link> },
            { path: '/about', element: <h1>About SevaDocs</h1> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('assertive');
    await act(async () => vi.advanceTimersByTime(500));
    expect(announcer.textContent).toBe('');
    fireEvent.click(screen.getByRole('link', { name: 'About us' }));
    await act(async () => vi.advanceTimersByTime(500));
    expect(announcer.textContent).toBe('About SevaDocs');
  });
});
