ALTER TABLE "package_prices" ADD COLUMN "applicant_from_age" integer;--> statement-breakpoint
-- The seeded catalog's Canadian adult renewal (a fresh install gets it from the seed).
UPDATE "package_prices" SET "applicant_from_age" = 15
  WHERE "applying_from" = 'CA' AND "package_id" IN (
    SELECT p."id" FROM "packages" p JOIN "services" s ON s."id" = p."service_id"
    WHERE s."slug" = 'indian-passport-renewal' AND p."slug" = 'adult-36-pages'
  );
