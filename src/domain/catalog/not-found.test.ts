import { describe, expect, it } from 'vitest';
import { describeNotFound, NOT_FOUND_MESSAGES, notFoundTitle } from './not-found.ts';

const SERVICES = [
  { name: 'OCI Card', slug: 'oci-card' },
  { name: 'Indian Visa', slug: 'indian-visa' },
  { name: 'Photo Enhancement', slug: 'photo-enhancement' },
];

describe('not-found answers, worded for what was asked', () => {
  it('an unknown package or countries of a known service is a package question', () => {
    const oci = { name: 'OCI Card', slug: 'oci-card' };
    expect(describeNotFound('/oci-card/no-such-package', SERVICES, oci)).toEqual({
      kind: 'package',
      path: '/oci-card/no-such-package',
      service: oci,
      suggestions: [],
      query: '',
    });
    // Deeper than a service page: the first segment still names the service.
    expect(describeNotFound('/oci-card/a/b/c', SERVICES).service).toEqual(oci);
  });

  it('an address whose words name services asks for a service, with those services suggested', () => {
    const view = describeNotFound('/indian-visas', SERVICES);
    expect(view.kind).toBe('service');
    expect(view.suggestions).toEqual([{ name: 'Indian Visa', slug: 'indian-visa' }]);
    expect(view.query).toBe('indian visa');
    expect(describeNotFound('/photos', SERVICES).suggestions).toEqual([
      { name: 'Photo Enhancement', slug: 'photo-enhancement' },
    ]);
  });

  it('an address shaped like a service page (ending in country codes) asks for a service', () => {
    const view = describeNotFound('/tax-returns/us', SERVICES);
    expect(view).toMatchObject({ kind: 'service', suggestions: [], query: 'tax return' });
  });

  it('any other address is just a page', () => {
    expect(describeNotFound('/no-such-page-xyz', SERVICES)).toEqual({
      kind: 'page',
      path: '/no-such-page-xyz',
      service: null,
      suggestions: [],
      query: '',
    });
    expect(describeNotFound('/a/b/c/d', SERVICES).kind).toBe('page');
  });

  it('shows the address as asked, cut when very long', () => {
    expect(describeNotFound('/café/', SERVICES).path).toBe('/café');
    expect(describeNotFound(`/${'x'.repeat(200)}`, SERVICES).path).toHaveLength(80);
  });

  it('titles the page for what was not found, and never as a service for any address', () => {
    expect(notFoundTitle({ kind: 'package' })).toBe('Package not found | SevaDocs');
    expect(notFoundTitle({ kind: 'service' })).toBe('Service not found | SevaDocs');
    expect(notFoundTitle({ kind: 'page' })).toBe('Page not found | SevaDocs');
    expect(notFoundTitle(undefined)).toBe('Page not found | SevaDocs');
    expect(NOT_FOUND_MESSAGES.page.lead('/x')).toBe(
      'There is no page at /x. The address may be mistyped, or the page has moved.',
    );
    expect(NOT_FOUND_MESSAGES.package.heading('OCI Card')).toBe("We couldn't find that OCI Card package");
  });
});
