// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { showToast, TOASTER_EVENT, toastError } from '../lib/toast.ts';
import { installBrowserStubs } from '../testing/dom.tsx';
import { TOASTER_EVENT_NAME, ToasterHost } from './toaster-host.tsx';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * A toast shown as the app shows it, its updates inside act(): the host mounts on the toast's
 * event and the toast area's code loads (the module the host's lazy view imports); then the toast,
 * which waits for the mounted area, is shown.
 */
async function shown(show: () => Promise<unknown>): Promise<void> {
  let showing: Promise<unknown> = Promise.resolve();
  await act(async () => {
    showing = show();
    await (await import('./deferred.ts')).loadToasterView();
  });
  await act(() => showing);
}

describe('toasts (SPEC.md §8)', () => {
  it('ask the host through one window event, named alike on both sides', () => {
    expect(TOASTER_EVENT_NAME).toBe(TOASTER_EVENT);
  });

  it('mount the toaster on the first toast: top-center, 6 s by default, in a polite live region', async () => {
    const { container } = render(<ToasterHost />);
    expect(container.innerHTML).toBe('');
    const success = vi.spyOn(toast, 'success');
    await shown(() => showToast('Signed in successfully'));
    expect(success).toHaveBeenCalledWith('Signed in successfully', { duration: 6000 });
    const region = await screen.findByRole('region', { name: /Messages/ });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await screen.findByText('Signed in successfully');
    const list = document.querySelector('[data-sonner-toaster]');
    expect(list?.getAttribute('data-y-position')).toBe('top');
    expect(list?.getAttribute('data-x-position')).toBe('center');
  });

  it('an error replaces the toast on screen', async () => {
    render(<ToasterHost />);
    const dismiss = vi.spyOn(toast, 'dismiss');
    await shown(() => showToast('Profile updated successfully'));
    await shown(() => toastError('Invalid email or password'));
    expect(dismiss).toHaveBeenCalledTimes(1);
    await screen.findByText('Invalid email or password');
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast][data-removed="false"]')?.textContent).toContain(
        'Invalid email or password',
      ),
    );
    // The replaced toast leaves the page (after sonner's 200 ms exit), so only the error remains.
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1));
  });
});
