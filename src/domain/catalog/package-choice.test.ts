import { describe, expect, it } from 'vitest';
import { packageFormHref, signInHref } from './package-choice.ts';

describe('package choice links', () => {
  it('sends a signed-out visitor to /signin with the current path encoded as redirect', () => {
    expect(signInHref('/indian-visa/us-in?x=1')).toBe('/signin?redirect=%2Findian-visa%2Fus-in%3Fx%3D1');
  });

  it('carries the service, package and choices to /package-form', () => {
    expect(
      packageFormHref({
        serviceSlug: 'indian-visa',
        packageSlug: 'e-business',
        choices: { citizenship: 'US', destination: 'IN' },
      }),
    ).toBe('/package-form?service=indian-visa&package=e-business&citizenship=US&destination=IN');
  });
});
