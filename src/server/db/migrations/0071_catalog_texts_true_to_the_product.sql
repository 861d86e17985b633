-- The seeded catalog texts that promised what the product does not do (decision 0175): documents
-- are kept as sent, never made PDFs of a portal's size; a minor's parents sign the OCI declaration
-- and consent, the child only the box under the photo; Annexure C is signed by one parent alone;
-- only a digital copy or a pickup costs less than a CVS or Walgreens photo counter; VFS Global's
-- $20 reference fee applies to an OCI re-issue and a lost or damaged OCI too. The seed fills only
-- empty tables, so a database seeded before gets the new words here; each change matches the old
-- words, so a text staff have reworded is left alone. A fresh install gets them from the seed.
UPDATE "services" SET "description" = replace("description",
    'resize your photo and passport scan to its upload rules and check every answer before you submit.',
    'fit your photo to its upload rules and check every answer before you submit. We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.')
  WHERE "slug" = 'indian-visa';
--> statement-breakpoint
UPDATE "services" SET "description" = replace("description",
    ', and you pay less than at a CVS or Walgreens photo counter.',
    '. A digital copy, or prints to collect at a store near you, costs less than a CVS or Walgreens photo counter charges; prints mailed to your home cost a little more.')
  WHERE "slug" = 'photo-enhancement';
--> statement-breakpoint
UPDATE "packages" SET "description" = replace("description",
    'Both parents sign the application and a notarised Parental Authorization Form; a child of 5 or older signs too, and a younger child gives a thumb impression instead.',
    'Both parents sign the application’s declaration and a notarised Parental Authorization Form; in the box under the photo a child of 5 or older signs their own name (never a parent for them), and a younger child gives a thumb impression.')
  WHERE "slug" = 'oci-card-for-minor';
--> statement-breakpoint
UPDATE "packages" SET "features" = (
    SELECT jsonb_agg(CASE WHEN "line" = to_jsonb('Photo and passport scan resized to the upload rules'::text)
      THEN to_jsonb('Photo fitted to the portal’s upload rules'::text) ELSE "line" END ORDER BY "n")
    FROM jsonb_array_elements("features") WITH ORDINALITY AS "lines"("line", "n"))
  WHERE "features" @> '["Photo and passport scan resized to the upload rules"]'::jsonb;
--> statement-breakpoint
UPDATE "packages" SET "features" = replace("features"::text,
    'Annexure D (or Annexure C for a single parent) prepared for both parents',
    'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)')::jsonb
  WHERE "features"::text LIKE '%Annexure D (or Annexure C for a single parent) prepared for both parents%';
--> statement-breakpoint
UPDATE "package_texts" SET "features" = replace("features"::text,
    'Annexure D (or Annexure C for a single parent) prepared for both parents',
    'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)')::jsonb
  WHERE "features"::text LIKE '%Annexure D (or Annexure C for a single parent) prepared for both parents%';
--> statement-breakpoint
UPDATE "packages" SET "description" = replace("description",
    'Both parents sign the application and Annexure D.',
    'Both parents sign the application and Annexure D, or one parent signs alone with Annexure C.')
  WHERE "slug" = 'minor'
    AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'indian-passport-renewal');
--> statement-breakpoint
UPDATE "package_texts" SET "description" = replace("description",
    'Both parents sign the application and Annexure D.',
    'Both parents sign the application and Annexure D, or one parent signs alone with Annexure C.')
  WHERE "package_id" IN (
    SELECT "packages"."id" FROM "packages" JOIN "services" ON "services"."id" = "packages"."service_id"
    WHERE "services"."slug" = 'indian-passport-renewal' AND "packages"."slug" = 'minor');
--> statement-breakpoint
UPDATE "packages" SET "documents" = replace("documents"::text, '"Both parents’ passports"', '"The passports of the parents who sign"')::jsonb
  WHERE "slug" = 'minor'
    AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'indian-passport-renewal');
--> statement-breakpoint
UPDATE "process_steps" SET "description" = 'Both parents sign the application and Annexure D, or one parent signs alone with Annexure C, and send copies of their passports.'
  WHERE "description" = 'Both parents sign the application and Annexure D, and send copies of their passports.';
--> statement-breakpoint
UPDATE "articles" SET "body" = replace("body",
    'The parents sign the forms; the child does not.',
    'The parents sign the consent form and the application’s declaration; from five, the child signs only the box under their photo, and never a parent for them.');
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.'
  WHERE "fee_note" IS NULL
    AND "applies_to" = '{"applyingFrom": "US"}'::jsonb
    AND "package_id" IN (
      SELECT "packages"."id" FROM "packages" JOIN "services" ON "services"."id" = "packages"."service_id"
      WHERE "services"."slug" = 'oci-card' AND "packages"."slug" IN ('oci-reissue', 'lost-or-damaged-oci'));
--> statement-breakpoint
UPDATE "process_steps" SET "description" = replace("description",
    'under 500 KB, crop the signature to 1:3 and turn each supporting document into a PDF under 1000 KB.',
    'under 500 KB and crop the signature to 1:3. We keep your supporting documents as you send them: the OCI portal takes each as a PDF of at most 1000 KB, so keep one of that size to upload there.');
--> statement-breakpoint
UPDATE "process_steps" SET "description" = 'The application’s declaration and the Parental Authorization Form are signed by both parents and the form is notarised. In the box under the photo, a child of 5 or older signs their own name, and a younger child gives a thumb impression (left thumb for boys, right thumb for girls).'
  WHERE "description" = 'The application and the Parental Authorization Form are signed by both parents and the form is notarised; a child under 5 gives a thumb impression instead of a signature (left thumb for boys, right thumb for girls).';
--> statement-breakpoint
UPDATE "process_steps" SET "description" = replace("description",
    ') and the passport bio page to a PDF of 10–300 KB.',
    '). We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.');
--> statement-breakpoint
UPDATE "package_timeline" SET "description" = 'We check that your passport scan is clear and fit your photo to the portal rules the day you upload them.'
  WHERE "description" = 'We check your passport scan and photo against the portal rules the day you upload them.';
