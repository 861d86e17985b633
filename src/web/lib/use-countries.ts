import { useEffect, useState } from 'react';
import { type Country, orderCountries } from '../../domain/countries/country.ts';
import { api, envelopeOf } from './api-client.ts';

/** Used until the list arrives, and kept if it cannot be fetched (SPEC.md §8: logged only). */
export const FALLBACK_COUNTRIES: readonly Country[] = [
  { name: 'India', code: '+91', isoCode: 'IN' },
  { name: 'United States', code: '+1', isoCode: 'US' },
  { name: 'Canada', code: '+1', isoCode: 'CA' },
];

let cached: Promise<Country[]> | undefined;

/** GET /country-codes once per page load: India, United States, Canada first, then A–Z. */
export function loadCountries(): Promise<Country[]> {
  cached ??= envelopeOf(api.GET('/api/v1/country-codes'))
    .then((envelope) => orderCountries(envelope.data.results))
    .catch(() => {
      cached = undefined;
      return [...FALLBACK_COUNTRIES];
    });
  return cached;
}

export function useCountries(): Country[] {
  const [countries, setCountries] = useState<Country[]>([...FALLBACK_COUNTRIES]);
  useEffect(() => {
    let live = true;
    loadCountries().then((list) => live && list.length > 0 && setCountries(list));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

/** The flag emoji of an ISO 3166 alpha-2 code ('IN' → 🇮🇳). */
export function flagEmoji(isoCode: string): string {
  const code = isoCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '🏳️';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
