import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allFields } from '../../../../domain/forms/definition.ts';
import { paperVisaDefinition } from './visa.ts';

/** The VFS Global cities the jurisdiction table sends US files to, read from its seed. */
function jurisdictionVfsCities(): string[] {
  const seed = readFileSync(fileURLToPath(new URL('../../jurisdiction/seed.sql', import.meta.url)), 'utf8');
  return [...new Set([...seed.matchAll(/'VFS Global', '([^']+)'/g)].map((m) => m[1] as string))];
}

describe('the paper visa form’s application centres', () => {
  it('offer a VFS Global centre in every city the jurisdiction table sends US files to, Los Angeles and Boston too', () => {
    const definition = paperVisaDefinition('visa-application-centre-support/paper-visa-application', 'Visa');
    const field = [...allFields(definition)].find((f) => f.key === 'vfsCentre');
    const labels = field && 'options' in field ? field.options.map((o) => o.label) : [];
    const cities = jurisdictionVfsCities();
    expect(cities).toEqual(expect.arrayContaining(['Los Angeles', 'Boston']));
    // "Washington" is the table's city, "Washington DC" the centre's label.
    for (const city of cities)
      expect(
        labels.some((l) => l.startsWith(`VFS Global, ${city}`)),
        city,
      ).toBe(true);
    expect(field && 'options' in field ? field.options.map((o) => o.value) : []).toEqual(
      expect.arrayContaining(['vfs-los-angeles', 'vfs-boston']),
    );
  });
});
