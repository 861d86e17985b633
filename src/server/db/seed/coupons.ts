import type { Database } from '../client.ts';
import { coupons } from '../schema.ts';

/**
 * FIRST10 (issue 11): 10 % off our fees (couponDiscountCents: the service fee, add-ons and convenience fee), once per customer, on SevaDocs; advertised in an
 * offer. PHOTO10 (issue 12): the same on a first SevaPhotos order.
 */
export const SEED_COUPONS: readonly (typeof coupons.$inferInsert)[] = [
  {
    code: 'FIRST10',
    description: '10% off our fees on your first application',
    discountType: 'percentage',
    value: 10,
    platform: 'sevadocs',
    perCustomerLimit: 1,
    isPublic: true,
  },
  {
    code: 'PHOTO10',
    description: '10% off your first photo order',
    discountType: 'percentage',
    value: 10,
    platform: 'sevaphotos',
    perCustomerLimit: 1,
    isPublic: true,
  },
];

/** Adds the seed's coupons that are missing; an operator's edits to one are kept. */
export async function seedCoupons(db: Database): Promise<void> {
  await db
    .insert(coupons)
    .values([...SEED_COUPONS])
    .onConflictDoNothing({ target: coupons.code });
}
