import { describe, expect, it } from 'vitest';
import { RefundRefusedError, refundRefused } from './provider.ts';

const answered = (statusCode: number) => Object.assign(new Error(`answered ${statusCode}`), { statusCode });

describe('whether a refund call made no refund', () => {
  it('is so for our own refusal and for a provider’s 4xx', () => {
    expect(refundRefused(new RefundRefusedError('no captured payment'))).toBe(true);
    for (const status of [400, 401, 402, 404, 429]) expect(refundRefused(answered(status))).toBe(true);
  });

  it('is unknown for a timeout, a conflict on the key, a 5xx or an error without a status', () => {
    for (const status of [408, 409, 500, 502, 503]) expect(refundRefused(answered(status))).toBe(false);
    expect(refundRefused(new Error('socket hang up'))).toBe(false);
    expect(refundRefused({ statusCode: '400' })).toBe(false);
    expect(refundRefused(null)).toBe(false);
  });
});
