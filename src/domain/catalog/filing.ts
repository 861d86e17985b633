import { PHOTO_ENHANCEMENT_SLUG } from '../config/navigation.ts';

/** Services filed online only, on the official portal: nothing is posted to a mission or a centre (catalog-facts §4). */
export const ONLINE_ONLY_SERVICES: ReadonlySet<string> = new Set(['indian-visa']);

/**
 * How a service's file is filed: with an Indian mission (by post or in person, through its
 * application centre or straight to it), online only on the official portal (the e-Visa), or not
 * at all (a photo order is photos, no consular file). Only a mission's file has a "where it goes"
 * that the customer's ZIP or postal code decides.
 */
export type Filing = 'mission' | 'online' | 'none';

export function filingOf(serviceSlug: string): Filing {
  if (ONLINE_ONLY_SERVICES.has(serviceSlug)) return 'online';
  return serviceSlug === PHOTO_ENHANCEMENT_SLUG ? 'none' : 'mission';
}

/**
 * Services whose "from" price (their cheapest package) is a file check the customer lodges at the
 * application centre themselves: the mission's consular fee for that service is paid there, not
 * to us (the File Check package's own text says so).
 */
const CONSULAR_FEE_AT_CENTRE: ReadonlySet<string> = new Set(['visa-application-centre-support']);

/**
 * What a service's "from" price leaves for the customer to pay elsewhere: the e-Visa's government
 * fee and bank charge on the official portal (its prices are `feesPaidOnPortal`), or the consular
 * fee paid at the application centre. Null when every fee is in the price.
 */
export function feesPaidElsewhere(serviceSlug: string): 'portal' | 'centre' | null {
  if (filingOf(serviceSlug) === 'online') return 'portal';
  return CONSULAR_FEE_AT_CENTRE.has(serviceSlug) ? 'centre' : null;
}
