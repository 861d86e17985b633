const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of an ISO 3166 country code ('US' → 'United States'). */
export function countryName(isoCode: string): string {
  return names.of(isoCode.toUpperCase()) ?? isoCode;
}
