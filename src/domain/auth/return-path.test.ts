import { describe, expect, it } from 'vitest';
import { verificationReturnPath } from './return-path.ts';

describe('verificationReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(verificationReturnPath('/package-form?service=oci-card&package=oci-new&applyingFrom=US')).toBe(
      '/package-form?service=oci-card&package=oci-new&applyingFrom=US',
    );
    expect(verificationReturnPath('/photos/photo-enhancement')).toBe('/photos/photo-enhancement');
  });

  it('refuses other origins, schemes and disguised hosts', () => {
    for (const target of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'profile',
      '',
      42,
      undefined,
    ]) {
      expect(verificationReturnPath(target), String(target)).toBeNull();
    }
  });

  it('refuses the accounts pages, which would only send the customer round again', () => {
    for (const target of ['/verify-email?token=x', '/signin?redirect=/profile', '/signup', '/create-password/']) {
      expect(verificationReturnPath(target), target).toBeNull();
    }
  });
});
