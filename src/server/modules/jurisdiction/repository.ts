import { and, eq, lte } from 'drizzle-orm';
import type { JurisdictionRule } from '../../../domain/jurisdiction/jurisdiction.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import type { Database } from '../../db/client.ts';
import { jurisdictionRules } from './tables.ts';

export function createJurisdictionRepository(db: Database) {
  return {
    /** Every rule of a state or province in force on `on` (YYYY-MM-DD), past ones included. */
    rulesOf(country: AddressCountry, region: string, on: string): Promise<JurisdictionRule[]> {
      return db
        .select({
          country: jurisdictionRules.country,
          region: jurisdictionRules.region,
          area: jurisdictionRules.area,
          missionKind: jurisdictionRules.missionKind,
          missionCity: jurisdictionRules.missionCity,
          centreProvider: jurisdictionRules.centreProvider,
          centreCity: jurisdictionRules.centreCity,
          submissionMode: jurisdictionRules.submissionMode,
          postalAddress: jurisdictionRules.postalAddress,
          effectiveFrom: jurisdictionRules.effectiveFrom,
          sourceUrl: jurisdictionRules.sourceUrl,
        })
        .from(jurisdictionRules)
        .where(
          and(
            eq(jurisdictionRules.country, country),
            eq(jurisdictionRules.region, region),
            lte(jurisdictionRules.effectiveFrom, on),
          ),
        );
    },
  };
}
