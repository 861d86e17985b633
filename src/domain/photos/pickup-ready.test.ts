import { describe, expect, it } from 'vitest';
import { PICKUP_READY_MESSAGES, PICKUP_READY_TEXT, recordPickupReadySchema } from './pickup-ready.ts';

describe('prints ready for pickup at a photo studio', () => {
  it('keeps the studio order number’s letters and digits, upper-cased, as a receipt prints it', () => {
    expect(recordPickupReadySchema.parse({ storeOrderNumber: ' cvs-4821 0397 ' })).toEqual({
      storeOrderNumber: 'CVS48210397',
    });
    for (const storeOrderNumber of ['123', 'A'.repeat(31), '4821#0397', '']) {
      const parsed = recordPickupReadySchema.safeParse({ storeOrderNumber });
      expect(parsed.error?.issues[0]?.message, storeOrderNumber).toBe(PICKUP_READY_MESSAGES.storeOrderNumber);
    }
    expect(recordPickupReadySchema.safeParse({}).error?.issues[0]?.message).toBe(
      PICKUP_READY_MESSAGES.storeOrderNumber,
    );
  });

  it('tells the customer where, the number to give and what to bring', () => {
    expect(PICKUP_READY_TEXT.ready('CVS Photo', '350 5th Ave, New York')).toBe(
      'Ready for pickup at CVS Photo, 350 5th Ave, New York',
    );
    expect(PICKUP_READY_TEXT.number('48210397')).toBe('Studio order number 48210397');
    // The number keeps its letters' case on the bell.
    expect(PICKUP_READY_TEXT.bell('Ready for pickup at CVS Photo, 350 5th Ave', 'CVS48210397')).toBe(
      'Ready for pickup at CVS Photo, 350 5th Ave: studio order number CVS48210397.',
    );
    expect(PICKUP_READY_TEXT.mailSubject('PHO-00000042')).toBe('Your prints are ready for pickup (order PHO-00000042)');
  });
});
