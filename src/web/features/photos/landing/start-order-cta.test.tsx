// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../../testing/dom.tsx';
import { START_LABEL, StartPhotoOrder } from './start-order-cta.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const rootData = (user: unknown) => ({ publicConfig: { recaptchaSiteKey: null }, user, navServices: [] });

describe('Start your photo order (/photos)', () => {
  it('opens Sign Up for a visitor, or Sign In, and links to them with the photo order as redirect without JavaScript', async () => {
    const onVisitorOpen = vi.fn();
    renderWithRouter(<StartPhotoOrder onVisitorOpen={onVisitorOpen} />, { path: '/photos', rootData: rootData(null) });
    const start = await screen.findByRole('link', { name: START_LABEL });
    expect(start.getAttribute('href')).toBe('/signup?redirect=%2Fphotos%2Fphoto-enhancement');
    fireEvent.click(start);
    expect(onVisitorOpen).toHaveBeenLastCalledWith('signup');
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/signin?redirect=%2Fphotos%2Fphoto-enhancement');
    fireEvent.click(signIn);
    expect(onVisitorOpen).toHaveBeenLastCalledWith('signin');
  });

  it('leads a signed-in customer straight to the photo order', async () => {
    const onVisitorOpen = vi.fn();
    renderWithRouter(<StartPhotoOrder onVisitorOpen={onVisitorOpen} />, {
      path: '/photos',
      rootData: rootData({ id: 1, name: 'Priya', email: 'p@example.com' }),
    });
    const start = await screen.findByRole('link', { name: START_LABEL });
    expect(start.getAttribute('href')).toBe('/photos/photo-enhancement');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    fireEvent.click(start);
    expect(onVisitorOpen).not.toHaveBeenCalled();
  });
});
