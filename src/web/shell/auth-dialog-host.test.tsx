// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOTTOM_SHEET_BACKDROP_DELAY_MS } from '../../domain/limits/constants.ts';
import { AUTH_DIALOG_EVENT, closeAuthDialog, openAuthDialog } from '../features/auth/open-auth-dialog.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../testing/dom.tsx';
import { fillSignUpForm, signUpApi } from '../testing/sign-up.ts';
import { AUTH_DIALOG_EVENT_NAME, AuthDialogHost, dialogOptionsForPath, openFromLink } from './auth-dialog-host.tsx';

beforeAll(installBrowserStubs);
// The host loads the dialog on demand. Transforming that module graph for the first time can take
// seconds on a loaded machine; do it here, so the tests time the dialog, not the transform.
beforeAll(() => import('../features/auth/auth-dialog.tsx'), 60_000);
cleanupAfterEach();
afterEach(() => act(() => closeAuthDialog()));

function setWidth(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: mobile && query.includes('max-width: 1280px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** The host, once mounted (its listener is in place). */
async function renderHost() {
  renderWithRouter(
    <>
      <span>page</span>
      <AuthDialogHost />
    </>,
  );
  await screen.findByText('page');
}

/** The router's current path, for tests that follow a navigation. */
function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const countries = () => ok({ results: [], totalCount: 0, page: 1, limit: 0 });

describe('auth dialog (SPEC.md §2, §4)', () => {
  it('opens through one window event, named alike on both sides', () => {
    expect(AUTH_DIALOG_EVENT_NAME).toBe(AUTH_DIALOG_EVENT);
  });

  it('opens a dialog asked for before the host was rendered', async () => {
    setWidth(false);
    fakeApi({ 'GET /api/v1/country-codes': countries });
    act(() => openAuthDialog('signin'));
    await renderHost();
    expect(await screen.findByRole('dialog', { name: 'Sign In' }, { timeout: 5000 })).toBeTruthy();
  });

  it('opens on demand as a desktop modal, switches between the forms and closes', async () => {
    setWidth(false);
    fakeApi({ 'GET /api/v1/country-codes': countries });
    await renderHost();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openAuthDialog('signin'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' }, { timeout: 5000 });
    // The side illustration shows only wider than 1080 px (a CSS media rule on its panel).
    const art = dialog.querySelector('img[src="/illustrations/auth-side.svg"]')?.parentElement;
    expect(art?.className).toMatch(/\bhidden\b.*min-\[1081px\]:flex/);
    expect(dialog.textContent).toContain("Don't have account? Sign up");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign Up' });
    expect(signUp.textContent).toContain('Already a user? SignIn');
    fireEvent.click(within(signUp).getByRole('button', { name: 'SignIn' }));
    await screen.findByRole('dialog', { name: 'Sign In' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is a bottom sheet at 1280 px or less, whose backdrop appears after 500 ms', async () => {
    setWidth(true);
    fakeApi({ 'GET /api/v1/country-codes': countries });
    await renderHost();
    // The backdrop's timer, caught as it starts: whether the sheet was in the page by then, and
    // when. A loaded machine delays any look the test takes at the page (an observer's callback
    // comes after the rest of React's work), which must not make a timer counted right look short.
    const backdrop = () => document.querySelector('[data-testid="sheet-backdrop"]');
    const realSetTimeout = globalThis.setTimeout;
    const started: { at: number; sheetInPage: boolean }[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      handler: TimerHandler,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms === BOTTOM_SHEET_BACKDROP_DELAY_MS) {
        started.push({ at: performance.now(), sheetInPage: document.querySelector('[data-vaul-drawer]') !== null });
      }
      return realSetTimeout(handler as () => void, ms, ...rest);
    }) as typeof setTimeout);
    let shownAt: number | undefined;
    const observer = new MutationObserver(() => {
      shownAt ??= backdrop() ? performance.now() : undefined;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      act(() => openAuthDialog('signup'));
      const sheet = await screen.findByRole('dialog', { name: 'Sign Up' }, { timeout: 5000 });
      expect(sheet.hasAttribute('data-vaul-drawer')).toBe(true);
      await waitFor(() => expect(backdrop()).not.toBeNull(), { timeout: BOTTOM_SHEET_BACKDROP_DELAY_MS + 2000 });
    } finally {
      observer.disconnect();
      spy.mockRestore();
    }
    expect(started).toEqual([{ at: expect.any(Number), sheetInPage: true }]);
    // A timer may fire a millisecond early by the clock's rounding, never a tenth of a second.
    expect((shownAt ?? 0) - (started[0]?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
      BOTTOM_SHEET_BACKDROP_DELAY_MS - 20,
    );
  });

  it('shows the check-your-inbox step after sign-up, on a phone too, and goes on to Sign In from it', async () => {
    setWidth(true);
    fakeApi(signUpApi);
    await renderHost();
    act(() => openAuthDialog('signup'));
    const sheet = await screen.findByRole('dialog', { name: 'Sign Up' }, { timeout: 5000 });
    fillSignUpForm(sheet);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply Now' }));
    const inbox = await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(within(inbox).getByText('priya.sharma@example.com')).toBeTruthy();
    expect(within(inbox).getByRole('button', { name: 'Resend Mail' })).toBeTruthy();
    fireEvent.click(within(inbox).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });

  it('opens Sign Up from a /photos link in photo-order mode: x-platform sevaphotos; its link returns to the photo order', async () => {
    expect(dialogOptionsForPath('/photos')).toEqual({ mode: 'photo-order' });
    expect(dialogOptionsForPath('/Photos/')).toEqual({ mode: 'photo-order' });
    expect(dialogOptionsForPath('/')).toEqual({});
    setWidth(false);
    const api = fakeApi(signUpApi);
    window.history.replaceState(null, '', '/photos');
    renderWithRouter(
      <>
        <a href="/signup" onClick={openFromLink('signup')}>
          Sign Up
        </a>
        <Where />
        <AuthDialogHost />
      </>,
      { path: '/photos' },
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' }, { timeout: 5000 });
    // The side panel speaks for the brand of the page: SevaPhotos', not SevaDocs' consular claim.
    expect(within(dialog).getByText('Passport and visa photos, checked before you pay.')).toBeTruthy();
    expect(within(dialog).queryByText('Consular paperwork, checked by specialists.')).toBeNull();
    fillSignUpForm(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply Now' }));
    // The photo order is for signed-in customers: a new account checks its inbox first (going to the
    // order at once landed on a "Welcome back" sign-in page), and the link brings it to the order.
    const inbox = await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(within(inbox).getByText('priya.sharma@example.com')).toBeTruthy();
    expect(document.querySelector('output[aria-label="path"]')?.textContent).toBe('/photos');
    const signUp = api.calls.find((c) => c.path === '/api/v1/auth/signup');
    expect(signUp?.headers.get('x-platform')).toBe('sevaphotos');
    expect((signUp?.body as { returnTo?: string } | undefined)?.returnTo).toBe('/photos/photo-enhancement');
    window.history.replaceState(null, '', '/');
  });
});
