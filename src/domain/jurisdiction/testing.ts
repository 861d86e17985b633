/**
 * Test support: what the seeded table answers for a Tulare County ZIP (93277), the look-up the
 * route test asserts and the pages' tests show.
 */
import type { Jurisdiction } from './jurisdiction.ts';

export const TULARE_JURISDICTION: Jurisdiction = {
  country: 'US',
  postalCode: '93277',
  region: 'CA',
  regionName: 'California',
  area: { kind: 'county', name: 'Tulare' },
  place: 'Tulare County',
  mission: { kind: 'consulate_general', name: 'Consulate General of India, San Francisco', city: 'San Francisco' },
  centre: { provider: 'VFS Global', city: 'San Francisco' },
  submissionMode: 'post',
  postalAddress: '228 Grant Avenue, 5th Floor, San Francisco, CA 94108',
  effectiveFrom: '2020-11-02',
  sourceUrl: 'https://www.cgisf.gov.in/page/public-notice-on-visa-outsourcing-to-vfs/',
};

/** A form's home address in Visalia, Tulare County, whose file goes to San Francisco (as above). */
export const VISALIA_ADDRESS_ANSWERS = {
  addressCountry: 'US',
  addressLine1: '12 Main Street',
  addressCity: 'Visalia',
  usState: 'CA',
  zipCode: '93277',
};
