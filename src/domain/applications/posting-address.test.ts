import { describe, expect, it } from 'vitest';
import type { Jurisdiction } from '../jurisdiction/jurisdiction.ts';
import {
  POSTING_ADDRESS_MESSAGES as M,
  missionPostingLines,
  POSTING_ADDRESS_TEXT,
  postingAddressLines,
  postingAddressOpen,
  postingAddressSchema,
  readyToSend,
} from './posting-address.ts';
import { MISSION_ADDRESS_MISSING } from './print-pack.ts';

const messages = (lines: unknown) => {
  const parsed = postingAddressSchema.safeParse({ lines, mission: null });
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('postingAddressSchema', () => {
  it('takes 3 to 8 lines, each trimmed', () => {
    expect(
      postingAddressSchema.parse({
        lines: [' VFS Global ', '1025 Vermont Avenue NW', 'Washington, DC 20005'],
        mission: 'Embassy of India, Washington DC',
      }),
    ).toEqual({
      lines: ['VFS Global', '1025 Vermont Avenue NW', 'Washington, DC 20005'],
      mission: 'Embassy of India, Washington DC',
    });
    expect(messages(Array.from({ length: 8 }, (_, i) => `Line ${i + 1}`))).toEqual([]);
  });

  it('names the line a label cannot print, and the count out of bounds', () => {
    expect(messages(['VFS Global'])).toEqual([['lines', M.tooFewLines]]);
    // Who receives it and where, with no street: not an address a label can carry.
    expect(messages(['VFS Global', 'for the Consulate General of India, New York'])).toEqual([
      ['lines', M.tooFewLines],
    ]);
    expect(messages(Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`))).toEqual([['lines', M.tooManyLines]]);
    expect(messages(['VFS Global', ' ', 'x'.repeat(101), 'Suite\u0007 700'])).toEqual([
      ['lines.1', 'Line 2 is empty: fill it in or remove it'],
      ['lines.2', 'Line 3 is longer than 100 characters'],
      ['lines.3', M.controlCharacter(4)],
    ]);
    // A right-to-left override would print the street backwards on screen and as '?' on the label.
    expect(messages(['VFS Global', '1025 Vermont \u202eAvenue NW', 'Washington, DC 20005'])).toEqual([
      ['lines.1', M.controlCharacter(2)],
    ]);
    expect(messages(['VFS Global', 'x'.repeat(100), 'New York, NY 10036'])).toEqual([]);
    expect(messages('VFS Global')).toEqual([['lines', M.linesRequired]]);
  });

  it('carries the mission the form was filled for, null for none, and is refused without it', () => {
    const lines = ['VFS Global', '1025 Vermont Avenue NW', 'Washington, DC 20005'];
    expect(postingAddressSchema.safeParse({ lines, mission: null }).success).toBe(true);
    const missing = postingAddressSchema.safeParse({ lines });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.path.join('.'))).toEqual(['mission']);
  });
});

describe('the words of a mission that moved', () => {
  it('name the mission now, or say none is known', () => {
    expect(M.missionChanged('Consulate General of India, New York')).toBe(
      'This order’s mission changed since the page was opened (now the Consulate General of India, New York): check the address and confirm it again.',
    );
    expect(M.missionChanged(null)).toContain('(it has none now)');
    expect(POSTING_ADDRESS_TEXT.withdrawnSubject('DOC-48213907')).toBe(
      'Do not post to the address we sent (order DOC-48213907)',
    );
    expect(POSTING_ADDRESS_TEXT.withdrawnIntro('Consulate General of India, New York')).toBe(
      'Do not post your file to the address we sent you: it no longer applies, because your application’s answers now send your file to the Consulate General of India, New York.',
    );
    expect(POSTING_ADDRESS_TEXT.withdrawnIntro(null)).toMatch(
      /no longer tell us which Indian mission your file goes to\.$/,
    );
  });
});

describe('postingAddressLines', () => {
  it('reads the desk’s textarea as lines, blank ones left out', () => {
    expect(postingAddressLines('VFS Global\r\n\n  1025 Vermont Avenue NW  \nWashington, DC 20005\n')).toEqual([
      'VFS Global',
      '1025 Vermont Avenue NW',
      'Washington, DC 20005',
    ]);
  });
});

describe('missionPostingLines', () => {
  const mission = (postalAddress: string | null) =>
    ({
      country: 'US',
      mission: { kind: 'consulate_general', name: 'Consulate General of India, San Francisco', city: 'San Francisco' },
      centre: { provider: 'VFS Global', city: 'San Francisco' },
      postalAddress,
    }) as Jurisdiction;

  it('addresses the centre, for the mission, the city line kept whole; none where our sources give no address', () => {
    expect(missionPostingLines(mission('228 Grant Avenue, 5th Floor, San Francisco, CA 94108'), 'oci-card')).toEqual([
      'VFS Global',
      'for the Consulate General of India, San Francisco',
      '228 Grant Avenue',
      '5th Floor',
      'San Francisco, CA 94108',
    ]);
    expect(missionPostingLines(mission(null), 'oci-card')).toBeNull();
    expect(missionPostingLines(null, 'oci-card')).toBeNull();
  });
});

describe('the words while no address is confirmed', () => {
  it('are one sentence, on the order page and in the label’s box', () => {
    expect(MISSION_ADDRESS_MISSING).toBe(`The mission’s address goes here. ${POSTING_ADDRESS_TEXT.wait}`);
    expect(POSTING_ADDRESS_TEXT.wait).toMatch(/do not post your file until then\.$/);
  });
});

describe('the statuses the posting address matters in', () => {
  it('are paid and not past Submitted: once decided or completed, the file went long ago', () => {
    for (const status of ['Forms incomplete', 'Order pending', 'In review', 'Submitted', 'in review']) {
      expect(postingAddressOpen(status), status).toBe(true);
    }
    for (const status of ['Payment pending', 'Approved', 'Rejected', 'Completed', 'Refunded', 'Cancelled', 'Paid']) {
      expect(postingAddressOpen(status), status).toBe(false);
    }
    expect(M.alreadySent('Completed')).toBe(
      'This order is Completed: the customer has posted the file already, so its posting address can no longer be confirmed or changed.',
    );
  });

  it('say to post only from Submitted (our check done); before it, to wait for that message', () => {
    expect(readyToSend('Submitted')).toBe(true);
    expect(readyToSend('submitted')).toBe(true);
    for (const status of ['Forms incomplete', 'Order pending', 'In review']) expect(readyToSend(status)).toBe(false);
    expect(POSTING_ADDRESS_TEXT.notYet).toBe(
      'Do not post your file yet: wait for our message that your application is ready to send.',
    );
  });
});
