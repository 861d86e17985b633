import type { FormResult } from '../../../domain/contact/result.ts';
import { formFailure } from '../../../domain/contact/result.ts';
import { isSplit, type Jurisdiction, pickRule, toJurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import { JURISDICTION_MESSAGES as M } from '../../../domain/jurisdiction/messages.ts';
import { malformedCodeMessage, parsePostalPlace } from '../../../domain/jurisdiction/postal-codes.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import type { Database } from '../../db/client.ts';
import { createJurisdictionRepository } from './repository.ts';
import { countyOfZip, hasCountiesFor } from './zip-counties.ts';

/** The calendar day (UTC) a look-up is for. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Which mission, centre and way of sending serve a ZIP or postal code on a day (issue 32 §1;
 * decision 0105-jurisdiction-table). Never a guess: a code whose state or province we do not
 * know, a California ZIP whose county we do not know, or a place no row covers is a 404.
 */
export function createJurisdictionService(db: Database) {
  const repository = createJurisdictionRepository(db);
  return {
    async resolve(
      country: AddressCountry,
      postalCode: string,
      at: Date = new Date(),
    ): Promise<FormResult<Jurisdiction>> {
      const parsed = parsePostalPlace(country, postalCode);
      if (!parsed.ok) {
        return parsed.reason === 'malformed'
          ? formFailure(400, malformedCodeMessage(country), { postalCode: malformedCodeMessage(country) })
          : formFailure(404, M.unknown);
      }
      const { place } = parsed;
      const on = dayOf(at);
      const rules = await repository.rulesOf(place.country, place.region, on);
      const split = isSplit(rules, place.region, on);
      // A county is needed only where the table splits the state; the map covers exactly those states.
      const county = place.country === 'US' && split && hasCountiesFor(place.region) ? countyOfZip(place.zip) : null;
      const rule = pickRule(rules, place, county, on);
      if (!rule) return formFailure(404, M.unknown);
      return { ok: true, value: toJurisdiction(rule, place, { county, split }) };
    },
  };
}
export type JurisdictionService = ReturnType<typeof createJurisdictionService>;
