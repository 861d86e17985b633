-- Decision 0166: FIRST10 takes 10 % of all our fees (the service fee, add-ons and the convenience
-- fee: couponDiscountCents on ourFee), not of the service fee alone, as its offer and description
-- said. Seeds write these rows once, into empty tables; rows an admin has reworded are left alone.
UPDATE "offers" SET "description" = 'Enter FIRST10 at checkout for 10% off our fees (the service fee and any add-ons), once per customer. Government fees are not discounted.' WHERE "description" = 'Enter FIRST10 at checkout for 10% off our service fee, once per customer. Government fees are not discounted.';
--> statement-breakpoint
UPDATE "coupons" SET "description" = '10% off our fees on your first application' WHERE "code" = 'FIRST10' AND "description" = '10% off our service fee on your first application';
