ALTER TABLE "application_orders" ADD COLUMN "fees_paid_on_portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_prices" ADD COLUMN "fees_paid_on_portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seeded e-Visa packages: the customer pays the visa fee and its bank charge on the official
-- portal when they submit, so our price is our service fee alone (decision 0164). A fresh install
-- gets it from the seed; orders already started keep the snapshot they were priced with.
UPDATE "package_prices" SET "fees_paid_on_portal" = true
  WHERE "package_id" IN (
    SELECT p."id" FROM "packages" p JOIN "services" s ON s."id" = p."service_id"
    WHERE s."slug" = 'indian-visa'
      AND p."slug" IN ('e-tourist-30-days', 'e-tourist-1-year', 'e-tourist-5-years', 'e-business')
  );
