import type { Jurisdiction } from '../../domain/jurisdiction/jurisdiction.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { apiCall } from './api-client.ts';

/** GET /api/v1/jurisdiction: which mission a full ZIP or postal code goes to (issue 32 §1). */
export const getJurisdiction = (country: AddressCountry, postalCode: string) =>
  apiCall<Jurisdiction>({ url: '/jurisdiction', queryParams: { country, postalCode } });

export const jurisdictionKey = (country: AddressCountry, postalCode: string) =>
  ['jurisdiction', country, postalCode] as const;
