import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_REFERENCE,
  REFERENCE_ALPHABET,
  REFUND_REFERENCE,
  referencePattern,
} from '../../domain/api/reference.ts';
import type { Database } from '../db/client.ts';
import { newReference, withNewReference } from './reference.ts';

/** A stand-in database whose transactions just run their work. */
const db = { transaction: (work: (tx: never) => unknown) => work(undefined as never) } as unknown as Pick<
  Database,
  'transaction'
>;

const clash = (constraint: string) =>
  Object.assign(new Error('duplicate key'), { cause: { code: '23505', constraint } });

describe('references customers quote (ENQ-…, RF-…)', () => {
  it('are the prefix and random characters without look-alikes', () => {
    expect(newReference(ENQUIRY_REFERENCE)).toMatch(/^ENQ-[A-HJKMNP-Z2-9]{6}$/);
    expect(newReference(REFUND_REFERENCE)).toMatch(/^RF-[A-HJKMNP-Z2-9]{8}$/);
    expect(referencePattern(ENQUIRY_REFERENCE).test('ENQ-7KD2QX')).toBe(true);
    expect(referencePattern(ENQUIRY_REFERENCE).test('ENQ-7KD2Q0')).toBe(false);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it('are drawn at random, not counted: a thousand in a row are all different and use every character', () => {
    const drawn = Array.from({ length: 1000 }, () => newReference(ENQUIRY_REFERENCE));
    expect(new Set(drawn).size).toBe(1000);
    const used = new Set(drawn.flatMap((r) => [...r.slice(4)]));
    expect([...used].sort().join('')).toBe([...REFERENCE_ALPHABET].sort().join(''));
    const sorted = [...drawn].sort();
    expect(drawn).not.toEqual(sorted);
  });

  it('draw another when the reference is taken, and give up after five clashes', async () => {
    const draws = ['ENQ-AAAAAA', 'ENQ-BBBBBB'];
    const tried: string[] = [];
    const stored = await withNewReference(
      db,
      'contact_enquiries_reference_unique',
      () => draws.shift() ?? 'ENQ-CCCCCC',
      async (_tx, reference) => {
        tried.push(reference);
        if (reference === 'ENQ-AAAAAA') throw clash('contact_enquiries_reference_unique');
        return reference;
      },
    );
    expect(stored).toBe('ENQ-BBBBBB');
    expect(tried).toEqual(['ENQ-AAAAAA', 'ENQ-BBBBBB']);

    let attempts = 0;
    await expect(
      withNewReference(
        db,
        'refund_requests_reference_unique',
        () => 'RF-AAAAAAAA',
        async () => {
          attempts++;
          throw clash('refund_requests_reference_unique');
        },
      ),
    ).rejects.toThrow('duplicate key');
    expect(attempts).toBe(5);
  });

  it('do not retry any other error', async () => {
    let attempts = 0;
    const other = async () => {
      attempts++;
      throw clash('refund_requests_one_open_per_order');
    };
    await expect(
      withNewReference(db, 'refund_requests_reference_unique', () => 'RF-AAAAAAAA', other),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
