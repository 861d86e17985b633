import { describe, expect, it } from 'vitest';
import { pathAfterSignIn } from './after-sign-in.ts';

describe('routing after sign-in (SPEC.md §4)', () => {
  it('goes home from /verify-email, even with its token in the query', () => {
    expect(pathAfterSignIn({ pathname: '/verify-email', search: '?token=abc' })).toBe('/');
  });

  it('goes from /photos to /photos/photo-enhancement', () => {
    expect(pathAfterSignIn({ pathname: '/photos', search: '' })).toBe('/photos/photo-enhancement');
  });

  it('goes back to the prior path when the address had query parameters', () => {
    expect(pathAfterSignIn({ pathname: '/oci-card', search: '?citizenship=US' })).toBe('/oci-card?citizenship=US');
    expect(pathAfterSignIn({ pathname: '/signin', search: '?redirect=%2Fprofile%3Ftab%3Dorders' })).toBe(
      '/profile?tab=orders',
    );
  });

  it('otherwise goes home', () => {
    expect(pathAfterSignIn({ pathname: '/oci-card', search: '' })).toBe('/');
    expect(pathAfterSignIn({ pathname: '/signin', search: '' })).toBe('/');
    expect(pathAfterSignIn({ pathname: '/signin', search: '?foo=1' })).toBe('/');
  });

  it('honours an explicit destination and never leaves the site', () => {
    expect(pathAfterSignIn({ pathname: '/', search: '', redirectTo: '/dashboard' })).toBe('/dashboard');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil.example']) {
      expect(pathAfterSignIn({ pathname: '/', search: '', redirectTo: evil })).toBe('/');
      expect(pathAfterSignIn({ pathname: '/signin', search: `?redirect=${encodeURIComponent(evil)}` })).toBe('/');
    }
  });

  it('goes on to the package form of a package chosen while signed out, from wherever the sign-in is', () => {
    const pendingPackageForm = '/package-form?service=oci-card&package=oci-card-for-minor&applyingFrom=US';
    for (const [pathname, search] of [
      ['/verify-email', '?token=abc'],
      ['/signin', ''],
      ['/oci-card', '?applyingFrom=US'],
      ['/', ''],
    ] as const) {
      expect(pathAfterSignIn({ pathname, search, pendingPackageForm }), pathname).toBe(pendingPackageForm);
    }
    // A page's own ?redirect= and an explicit destination still win.
    expect(pathAfterSignIn({ pathname: '/signin', search: '?redirect=%2Fprofile', pendingPackageForm })).toBe(
      '/profile',
    );
    expect(pathAfterSignIn({ pathname: '/', search: '', redirectTo: '/dashboard', pendingPackageForm })).toBe(
      '/dashboard',
    );
    expect(pathAfterSignIn({ pathname: '/', search: '', pendingPackageForm: '//evil.example' })).toBe('/');
  });
});
