import type { AddressCountry } from '../../domain/users/regions.ts';
import { api, envelopeOf } from './api-client.ts';

/** GET /api/v1/jurisdiction: which mission a full ZIP or postal code goes to (issue 32 §1). */
export const getJurisdiction = (country: AddressCountry, postalCode: string) =>
  envelopeOf(api.GET('/api/v1/jurisdiction', { params: { query: { country, postalCode } } }));

export const jurisdictionKey = (country: AddressCountry, postalCode: string) =>
  ['jurisdiction', country, postalCode] as const;
