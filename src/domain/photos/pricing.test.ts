import { describe, expect, it } from 'vitest';
import { deliveryMethodFor } from './orders.ts';
import {
  PHOTO_COST_LABELS,
  PHOTO_OPTION_DESCRIPTIONS,
  PHOTO_OPTION_LABELS,
  PHOTO_PLAN_LABELS,
  PHOTO_PRICES,
  pricePhotoOrder,
} from './pricing.ts';
import { printCounts } from './sizes.ts';

const USD = PHOTO_PRICES.USD;
const charges = (items: ReturnType<typeof printCounts>, planId: 1 | 2, options: ('pickup' | 'photo-optimize')[]) =>
  pricePhotoOrder({ currency: 'USD', items, planId, options })
    .lines.filter((line) => line.kind === 'charge')
    .map((line) => [line.label, line.amountCents]);

describe('a photo order’s prints are paid for where there are prints', () => {
  it('charges print copies per printed item, and a size used as a file only at the Digital Copy price', () => {
    const oci = printCounts(['oci-photo', 'oci-signature', 'oci-signature']);
    expect(oci).toEqual({ printed: 1, filesOnly: 2 });
    expect(charges(oci, 2, ['photo-optimize'])).toEqual([
      [PHOTO_PLAN_LABELS[2], USD.plans[2]],
      [PHOTO_COST_LABELS.filesOnly, 2 * USD.plans[1]],
      // An option on the file is work on it too: per item, printed or not.
      [PHOTO_OPTION_LABELS['photo-optimize'], 3 * USD.options['photo-optimize']],
    ]);
    // Digital Copy is one price whatever is printed.
    expect(charges(oci, 1, [])).toEqual([[PHOTO_PLAN_LABELS[1], 3 * USD.plans[1]]]);
  });

  it('charges pickup only when an item is printed', () => {
    expect(charges(printCounts(['us-2x2', 'in-evisa']), 1, ['pickup'])).toEqual([
      [PHOTO_PLAN_LABELS[1], 2 * USD.plans[1]],
      [PHOTO_OPTION_LABELS.pickup, USD.options.pickup],
    ]);
    expect(charges(printCounts(['in-evisa']), 1, ['pickup'])).toEqual([[PHOTO_PLAN_LABELS[1], USD.plans[1]]]);
  });

  it('delivers nothing when no size of the order is printed', () => {
    expect(deliveryMethodFor(2, [], ['oci-photo', 'oci-signature'])).toBe('home');
    expect(deliveryMethodFor(1, ['pickup'], ['us-2x2'])).toBe('pickup');
    expect(deliveryMethodFor(2, [], ['in-evisa'])).toBeNull();
    expect(deliveryMethodFor(1, ['pickup'], ['oci-signature', 'in-evisa'])).toBeNull();
  });
});

describe('Photo Optimize says what the editor does', () => {
  it('promises a check of each photo’s fit before release, not a pick of the best (nothing records one)', () => {
    const said = PHOTO_OPTION_DESCRIPTIONS['photo-optimize'];
    expect(said).toContain('A photo editor checks each photo’s fit by hand');
    expect(said).toContain('before your files and prints are released');
    expect(said).not.toMatch(/best/);
  });
});
