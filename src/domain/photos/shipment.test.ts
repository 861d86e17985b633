import { describe, expect, it } from 'vitest';
import {
  MAILING_TEXT,
  PRINTS_OUT_DESK_LINE,
  PRINTS_OUT_MESSAGES,
  printsNotOutYet,
  printsOutDeskLine,
  recordShipmentSchema,
  SHIPMENT_MESSAGES,
  SHIPMENT_TEXT,
  sheetsToMail,
  trackingUrl,
} from './shipment.ts';

describe('a shipment of prints', () => {
  it('keeps the tracking number’s letters and digits, upper-cased, as a label prints it with spaces', () => {
    expect(recordShipmentSchema.parse({ carrier: 'UPS', trackingNumber: ' 1z 999 aa1-0123456784 ' })).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    for (const trackingNumber of ['1234567', 'A'.repeat(41), '9400#1000000000']) {
      const parsed = recordShipmentSchema.safeParse({ carrier: 'USPS', trackingNumber });
      expect(parsed.error?.issues[0]?.message, trackingNumber).toBe(SHIPMENT_MESSAGES.trackingNumber);
    }
  });

  it('links each carrier’s own tracking page for the number', () => {
    expect(trackingUrl({ carrier: 'Canada Post', trackingNumber: '7023210039414604' })).toBe(
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210039414604',
    );
    expect(trackingUrl({ carrier: 'FedEx', trackingNumber: '123456789012' })).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(SHIPMENT_TEXT.shipped('USPS', '9400100000000000000000')).toBe(
      'Posted with USPS, tracking number 9400100000000000000000',
    );
  });

  it('counts one print sheet per item of a printed size; a signature is a file only', () => {
    const family = sheetsToMail([{ photoSize: 'us-2x2' }, { photoSize: 'ca-visa' }, { photoSize: 'oci-signature' }]);
    expect(family).toEqual({ sheets: 2, filesOnly: 1 });
    expect(MAILING_TEXT.sheets(family)).toBe(
      'To mail: 2 print sheets (4 × 6 in), one per printed item; 1 item is a file only, not printed.',
    );
    expect(MAILING_TEXT.sheets(sheetsToMail([{ photoSize: 'us-2x2' }]))).toBe(
      'To mail: one 4 × 6 in print sheet, one per printed item.',
    );
    expect(MAILING_TEXT.studio(family)).toBe(
      'To place with the studio: 2 print sheets (4 × 6 in), one per printed item; 1 item is a file only, not printed.',
    );
  });
});

describe('printsNotOutYet', () => {
  const home = { deliveryMethod: 'home' as const, shipment: null, pickupReady: null };
  const pickup = { deliveryMethod: 'pickup' as const, shipment: null, pickupReady: null };

  it('holds Approved and Completed until the shipment or the studio order number is recorded', () => {
    for (const to of ['Approved', 'Completed']) {
      expect(printsNotOutYet(to, home)).toBe(PRINTS_OUT_MESSAGES.home);
      expect(printsNotOutYet(to, pickup)).toBe(PRINTS_OUT_MESSAGES.pickup);
      expect(printsNotOutYet(to, { ...home, shipment: { carrier: 'USPS' } })).toBeNull();
      expect(printsNotOutYet(to, { ...pickup, pickupReady: { storeOrderNumber: 'AB1234' } })).toBeNull();
    }
    expect(PRINTS_OUT_MESSAGES.home).toBe(
      'Record the shipment (carrier and tracking number) first: this status tells the customer their prints are on their way.',
    );
  });

  it('never holds an order without prints, or a move that says nothing of them', () => {
    expect(printsNotOutYet('Completed', { deliveryMethod: null, shipment: null, pickupReady: null })).toBeNull();
    for (const to of ['In review', 'Submitted', 'Cancelled', 'Refunded']) expect(printsNotOutYet(to, home)).toBeNull();
  });
});

describe('the desk’s line beside the status control', () => {
  const home = { deliveryMethod: 'home' as const, shipment: null, pickupReady: null };
  const pickup = { deliveryMethod: 'pickup' as const, shipment: null, pickupReady: null };

  it('says after Submitted that Approved waits for the hand-over to be recorded', () => {
    expect(printsOutDeskLine('Submitted', home)).toBe(PRINTS_OUT_DESK_LINE.home('Approved'));
    expect(printsOutDeskLine('Submitted', pickup)).toBe(PRINTS_OUT_DESK_LINE.pickup('Approved'));
    expect(PRINTS_OUT_DESK_LINE.home('Approved')).toBe(
      'Approved is offered once the shipment is recorded under Plan and delivery: it tells the customer their prints are on their way.',
    );
  });

  it('says nothing once it is recorded, without prints, or where no such status is next', () => {
    expect(printsOutDeskLine('Submitted', { ...home, shipment: { carrier: 'USPS' } })).toBeNull();
    expect(printsOutDeskLine('Submitted', { ...pickup, pickupReady: { storeOrderNumber: 'AB1234' } })).toBeNull();
    expect(printsOutDeskLine('Submitted', { deliveryMethod: null, shipment: null, pickupReady: null })).toBeNull();
    expect(printsOutDeskLine('In review', home)).toBeNull();
  });
});
