import { describe, expect, it } from 'vitest';
import { deletionToday, RETENTION_MESSAGES as R, UNPAID_CANCEL_MESSAGES as U } from './retention.ts';
import { STATUS_REMARK_MAX_LENGTH } from './status.ts';

/** The date at `instant` on a wall clock in `timeZone`, 'YYYY-MM-DD'. */
const dateIn = (timeZone: string, instant: Date) => instant.toLocaleDateString('en-CA', { timeZone });

describe('the day files go under the retention policy (issue 34 §4)', () => {
  it('begins once the named day has begun in Hawaii, not at midnight UTC (the afternoon before in California)', () => {
    expect(deletionToday(new Date('2026-12-13T00:41:00Z'))).toBe('2026-12-12');
    expect(deletionToday(new Date('2026-12-13T09:59:59Z'))).toBe('2026-12-12');
    expect(deletionToday(new Date('2026-12-13T10:00:00Z'))).toBe('2026-12-13');
    expect(deletionToday(new Date('2026-12-13T23:59:59Z'))).toBe('2026-12-13');
  });

  it('deletes on the day the customer was told, wherever they are, winter and summer, and in UTC', () => {
    for (const day of ['2026-12-13', '2027-07-01']) {
      // The hourly sweep's first run of the day: the hour from when deletionToday reaches it.
      const first = new Date(`${day}T10:00:00Z`);
      const last = new Date(`${day}T10:59:59Z`);
      expect(deletionToday(first)).toBe(day);
      expect(deletionToday(new Date(first.getTime() - 1))).not.toBe(day);
      for (const zone of [
        'Pacific/Honolulu',
        'America/Anchorage',
        'America/Los_Angeles',
        'America/New_York',
        'America/St_Johns',
        'Asia/Kolkata',
        'UTC',
      ]) {
        expect([zone, dateIn(zone, first), dateIn(zone, last)]).toEqual([zone, day, day]);
      }
    }
  });
});

describe('what the pages and the notice say of the day', () => {
  it('name the day and no count of days: a late notice or an order closed before the policy moves it', () => {
    expect(R.kept('2026-12-13')).toBe(
      'These files will be deleted on 13 December 2026 under our retention policy. Download any you want to keep before then.',
    );
    expect(R.deleted('2026-12-13T10:41:00.000Z')).toBe(
      'The uploaded documents and photos of this order were deleted on 13 December 2026 under our retention policy. The order, its lines and payments remain.',
    );
    expect(R.noticeIntro('2026-12-13')).toBe(
      "Under our retention policy, the documents and photos uploaded to this order will be deleted on 13 December 2026. Until then you can download them from the order's page. The order itself, its lines and payments remain.",
    );
  });
});

describe('what a customer whose order was left unpaid is told (decision 0177)', () => {
  it('says plainly why it was cancelled, that they can start again, and the day its files go', () => {
    expect(U.why).toBe('We cancelled this order because it was not paid within 60 days.');
    expect(U.startAgain('service')).toBe('You can start a new application at any time.');
    expect(U.startAgain('photo')).toBe('You can start a new photo order at any time.');
    expect(U.files('2027-03-01')).toBe(
      "Under our retention policy, the documents and photos uploaded to it will be deleted on 1 March 2027. Until then you can download them from the order's page.",
    );
    // The timeline's remark is kept as any status change's.
    expect(U.remark.length).toBeLessThanOrEqual(STATUS_REMARK_MAX_LENGTH);
  });
});
