import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessDeadlineWords, businessMinutesBetween } from './business-hours.ts';

// Held clocks: fixed instants, in New York time (EST is UTC−5, EDT UTC−4).
const at = (iso: string) => new Date(iso);

describe('business hours: Monday to Friday, 9:00–18:00 America/New_York', () => {
  it('adds minutes inside one working day', () => {
    // Tue 25 Nov 2025 10:15 EST.
    expect(addBusinessMinutes(at('2025-11-25T15:15:00Z'), 120).toISOString()).toBe('2025-11-25T17:15:00.000Z');
  });

  it('stops at closing and runs on from the next opening', () => {
    // Tue 17:30 EST + 2 h → Wed 10:30 EST.
    expect(addBusinessMinutes(at('2025-11-25T22:30:00Z'), 120).toISOString()).toBe('2025-11-26T15:30:00.000Z');
  });

  it('skips the weekend: Friday 17:00 + 2 h is Monday 10:00', () => {
    expect(addBusinessMinutes(at('2025-11-28T22:00:00Z'), 120).toISOString()).toBe('2025-12-01T15:00:00.000Z');
  });

  it('starts the clock at opening for a request made at night or on a Sunday', () => {
    // Wed 02:00 EST → Wed 11:00 EST; Sun 30 Nov 12:00 EST → Mon 11:00 EST.
    expect(addBusinessMinutes(at('2025-11-26T07:00:00Z'), 120).toISOString()).toBe('2025-11-26T16:00:00.000Z');
    expect(addBusinessMinutes(at('2025-11-30T17:00:00Z'), 120).toISOString()).toBe('2025-12-01T16:00:00.000Z');
  });

  it('follows the clock change: 9:00 is 13:00 UTC in summer and 14:00 UTC in winter', () => {
    // Fri 31 Oct 2025 17:00 EDT + 2 h → Mon 3 Nov 10:00 EST (the clocks went back on Sunday 2 Nov).
    expect(addBusinessMinutes(at('2025-10-31T21:00:00Z'), 120).toISOString()).toBe('2025-11-03T15:00:00.000Z');
    // Fri 6 Mar 2026 17:00 EST + 2 h → Mon 9 Mar 10:00 EDT.
    expect(addBusinessMinutes(at('2026-03-06T22:00:00Z'), 120).toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });

  it('counts business minutes between two instants, negative once past', () => {
    const friday = at('2025-11-28T22:00:00Z'); // Fri 17:00 EST
    const monday = at('2025-12-01T15:00:00Z'); // Mon 10:00 EST
    expect(businessMinutesBetween(friday, monday)).toBe(120);
    expect(businessMinutesBetween(monday, friday)).toBe(-120);
    // Saturday noon to Monday 10:00: only Monday's hour counts.
    expect(businessMinutesBetween(at('2025-11-29T17:00:00Z'), monday)).toBe(60);
  });

  it('words a deadline in New York time', () => {
    expect(businessDeadlineWords(at('2025-12-01T15:30:00Z'))).toBe('Mon 10:30 AM EST');
  });
});
