import type { CountryEdit } from '../../../domain/admin/countries.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { type Country, orderCountries } from '../../../domain/countries/country.ts';
import type { Database } from '../../db/client.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { createCountriesRepository } from './repository.ts';

export const COUNTRY_MESSAGES = {
  notFound: (isoCode: string) => `No country found with ISO code ${isoCode}`,
} as const;

/**
 * The country list (SPEC.md §3 Country) and an admin's edit of one (decision 0076). The list is
 * read once per process and read again after any public content change, so an edit (which fires
 * that signal once committed) shows in the next /country-codes answer and every picker fed by it.
 */
export function createCountriesService(
  db: Database,
  { audit, changes }: { audit: AuditLog; changes: Pick<ContentChanges, 'subscribe' | 'changed'> },
) {
  const repository = createCountriesRepository(db);
  let ordered: Promise<Country[]> | null = null;
  changes.subscribe(() => {
    ordered = null;
  });
  return {
    list(): Promise<Country[]> {
      if (!ordered) {
        const loading = repository.listAll().then(orderCountries);
        ordered = loading;
        // A failed read is not kept (a change may have started another read meanwhile).
        loading.catch(() => {
          if (ordered === loading) ordered = null;
        });
      }
      return ordered;
    },

    /** Changes a country's name or dial code; only what differs is written and audited (before → after). */
    async update(actor: StaffActor, isoCode: string, patch: CountryEdit): Promise<FormResult<{ changed: string[] }>> {
      const result = await db.transaction(async (tx): Promise<FormResult<{ changed: string[] }>> => {
        const inTx = createCountriesRepository(tx);
        const row = await inTx.lock(isoCode);
        if (!row) return formFailure(404, COUNTRY_MESSAGES.notFound(isoCode));
        const before: Partial<CountryEdit> = {};
        const after: Partial<CountryEdit> = {};
        for (const field of ['name', 'code'] as const) {
          const value = patch[field];
          if (value === undefined || value === row[field]) continue;
          before[field] = row[field];
          after[field] = value;
        }
        const changed = Object.keys(after);
        if (changed.length === 0) return { ok: true, value: { changed } };
        await inTx.update(isoCode, after);
        await audit.record(tx, {
          actor,
          action: 'country.update',
          subject: { type: 'country', id: isoCode },
          before,
          after,
        });
        return { ok: true, value: { changed } };
      });
      if (result.ok && result.value.changed.length > 0) changes.changed();
      return result;
    },
  };
}
export type CountriesService = ReturnType<typeof createCountriesService>;
