import { describe, expect, it } from 'vitest';
import { HUMAN_PASS_TTL_MS, issueHumanPass, isValidHumanPass } from './human-pass.ts';

describe('human pass', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('is valid for its action until it expires', () => {
    const pass = issueHumanPass('secret', 'userRegistration', now);
    expect(isValidHumanPass('secret', pass, 'userRegistration', now)).toBe(true);
    expect(isValidHumanPass('secret', pass, 'userRegistration', now + HUMAN_PASS_TTL_MS - 1)).toBe(true);
    expect(isValidHumanPass('secret', pass, 'userRegistration', now + HUMAN_PASS_TTL_MS)).toBe(false);
  });

  it('is refused for another action, another secret, or any change', () => {
    const pass = issueHumanPass('secret', 'userRegistration', now);
    expect(isValidHumanPass('secret', pass, 'contact', now)).toBe(false);
    expect(isValidHumanPass('other secret', pass, 'userRegistration', now)).toBe(false);
    const [action, expiresAt, nonce, mac] = pass.split('.');
    const later = `${action}.${Number(expiresAt) + 3_600_000}.${nonce}.${mac}`;
    expect(isValidHumanPass('secret', later, 'userRegistration', now)).toBe(false);
    expect(isValidHumanPass('secret', `${pass}x`, 'userRegistration', now)).toBe(false);
    for (const junk of [undefined, '', 'no-dots', '.', 'a.b.c.d']) {
      expect(isValidHumanPass('secret', junk, 'userRegistration', now)).toBe(false);
    }
  });

  it('differs each time it is issued', () => {
    expect(issueHumanPass('secret', 'userRegistration', now)).not.toBe(
      issueHumanPass('secret', 'userRegistration', now),
    );
  });
});
