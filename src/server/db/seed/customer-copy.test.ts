import { describe, expect, it } from 'vitest';
import * as catalogContent from './catalog-content-data.ts';
import * as catalog from './catalog-data.ts';
import * as content from './content-data.ts';
import * as marketing from './marketing-data.ts';

/**
 * Seeded text is read by customers: it says what they pay, what happens and what to do, never
 * what our research found (DESIGN.md §1 "Customer copy"; issue 17 point 6). These are the
 * phrases of research notes: where sources disagree, a fee is uncertain or a figure is not
 * confirmed. An uncertain government fee is said the customer's way instead: what they pay and
 * what happens if the government charges a different amount (src/domain/catalog/price-lines.ts).
 */
const RESEARCH_NOTES: readonly RegExp[] = [
  /published figures/i,
  /\bconflict/i,
  /being converted/i,
  /\bsome sources\b/i,
  /\bsources? (show|say|list|give|differ|disagree)/i,
  /unverified/i,
  /could (not )?be confirmed/i,
  /(has|have|had) not (yet )?been published|not yet published|have not yet published/i,
  /at the time of writing/i,
  /\bblogs?\b/i,
  /agenc(y|ies) (claim|quote)/i,
  /secondary source/i,
  /\boutdated\b/i,
  /\bK\d{1,2}\b/,
  /\b(TODO|TBD|FIXME)\b/,
  /confirm (it|the exact fee) before you pay/i,
];

/** Keys whose values are not shown to customers (source keys of the catalog facts). */
const NOT_SHOWN = new Set(['sources']);

/** Every string in the seed data, with where it is. */
function strings(value: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([where, value]);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) strings(v, `${where}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (!NOT_SHOWN.has(key)) strings(v, `${where}.${key}`, out);
  }
  return out;
}

const SEEDS = { catalog, catalogContent, content, marketing };

describe('seeded customer-facing text', () => {
  const all = Object.entries(SEEDS).flatMap(([name, module]) => strings(module, name));

  it('is read from every seed module', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some(([, s]) => s.includes('Surrender your Indian passport first'))).toBe(true);
  });

  it('has no research-note language (conflicting sources, unconfirmed or converted figures)', () => {
    const found = all.flatMap(([where, text]) =>
      RESEARCH_NOTES.filter((pattern) => pattern.test(text)).map((pattern) => `${where}: ${pattern} in "${text}"`),
    );
    expect(found).toEqual([]);
  });

  it('catches the notes issue 17 found', () => {
    for (const note of [
      'Canadian fees are being converted from the July 2026 schedule and the published figures conflict',
      'Some sources show a higher fee for US citizens, so we confirm the exact fee before you pay.',
      'No published fee for Canadian citizens could be confirmed',
      'agencies quote 18–20 working days',
    ]) {
      expect(
        RESEARCH_NOTES.some((pattern) => pattern.test(note)),
        note,
      ).toBe(true);
    }
  });
});
