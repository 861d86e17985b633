import { describe, expect, it } from 'vitest';
import type { PricedPackage } from './catalog-content.ts';
import {
  packageChoiceFromQuery,
  packageChoiceFromRedirect,
  packageChoiceSummary,
  packageFormHref,
  signInHref,
} from './package-choice.ts';

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

  it('reads the choice back from the package form address, and from a sign-in page continuing to it', () => {
    const ref = { serviceSlug: 'oci-card', packageSlug: 'oci-card-for-minor', choices: { applyingFrom: 'US' } };
    const href = packageFormHref(ref);
    expect(packageChoiceFromQuery(new URL(href, 'https://x.test').searchParams)).toEqual(ref);
    expect(packageChoiceFromRedirect(href)).toEqual(ref);
    expect(packageChoiceFromRedirect('/oci-card/oci-card-for-minor/us')).toBeNull();
    expect(packageChoiceFromRedirect('/package-form?service=oci-card')).toBeNull();
    expect(packageChoiceFromRedirect(null)).toBeNull();
    expect(packageChoiceFromQuery(new URLSearchParams('service=a&package=b&applyingFrom=usa&destination=in'))).toEqual({
      serviceSlug: 'a',
      packageSlug: 'b',
      choices: { destination: 'IN' },
    });
  });

  it('sums a priced package up for the pages that show what the visitor is applying for', () => {
    const pkg = {
      name: 'OCI Card for a Minor',
      choices: { applyingFrom: 'CA' },
      price: { totalCents: 53140, currency: 'CAD' },
    } as PricedPackage;
    expect(packageChoiceSummary('OCI Card', pkg)).toEqual({
      serviceName: 'OCI Card',
      packageName: 'OCI Card for a Minor',
      choices: { applyingFrom: 'CA' },
      total: { amountCents: 53140, currency: 'CAD' },
    });
  });
});
