ALTER TABLE "package_prices" ADD COLUMN "applicant_under_age" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "applicant_kinds" jsonb;--> statement-breakpoint
-- The seeded catalog's age-bound packages (a fresh install gets them from the seed).
UPDATE "packages" SET "applicant_kinds" = '["Adult"]'::jsonb
  WHERE "slug" IN ('adult-36-pages', 'adult-60-pages', 'tatkal')
  AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'indian-passport-renewal');--> statement-breakpoint
UPDATE "packages" SET "applicant_kinds" = '["Minor"]'::jsonb
  WHERE ("slug" = 'minor' AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'indian-passport-renewal'))
  OR ("slug" = 'oci-card-for-minor' AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'oci-card'));--> statement-breakpoint
UPDATE "package_prices" SET "applicant_under_age" = 15
  WHERE "applying_from" = 'CA' AND "package_id" IN (
    SELECT p."id" FROM "packages" p JOIN "services" s ON s."id" = p."service_id"
    WHERE s."slug" = 'indian-passport-renewal' AND p."slug" = 'minor'
  );
