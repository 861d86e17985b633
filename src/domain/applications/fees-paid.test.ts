import { describe, expect, it } from 'vitest';
import { carriesOutsideFees, feesPaidSchema, FEES_PAID_MESSAGES as M } from './fees-paid.ts';

const messages = (reference: unknown) => {
  const parsed = feesPaidSchema.safeParse({ reference });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('feesPaidSchema', () => {
  it('takes the centre’s reference, trimmed, in 3 to 60 printable characters', () => {
    expect(feesPaidSchema.parse({ reference: ' VFS-WAS-2026-004211 ' })).toEqual({ reference: 'VFS-WAS-2026-004211' });
    expect(messages('ABC')).toEqual([]);
    expect(messages('x'.repeat(60))).toEqual([]);
  });

  it('says once what is wrong', () => {
    expect(messages(undefined)).toEqual([M.referenceRequired]);
    expect(messages(' ')).toEqual([M.referenceRequired]);
    expect(messages('AB')).toEqual([M.referenceLength]);
    expect(messages('x'.repeat(61))).toEqual([M.referenceLength]);
    expect(messages('VFS\n2026')).toEqual([M.controlCharacter]);
    expect(messages('VFS\u202e2026')).toEqual([M.controlCharacter]);
  });
});

describe('carriesOutsideFees', () => {
  const oci = {
    governmentFeeCents: 27500,
    mandatoryFees: [{ amountCents: 300 }, { amountCents: 1590 }],
    feesPaidOnPortal: false,
  };

  it('is true for a price that collects the government or a mandatory fee', () => {
    expect(carriesOutsideFees(oci)).toBe(true);
    expect(carriesOutsideFees({ ...oci, governmentFeeCents: 0 })).toBe(true);
  });

  it('is false when the customer pays them on the portal, or there are none', () => {
    expect(carriesOutsideFees({ ...oci, feesPaidOnPortal: true })).toBe(false);
    expect(carriesOutsideFees({ governmentFeeCents: 0, mandatoryFees: [], feesPaidOnPortal: false })).toBe(false);
  });
});
