-- The seeded packages without a passport-style photo (a renunciation, a power of attorney, a
-- consular booking) no longer list Photo Enhancement: there is no fitted photo for the editor, and
-- the checkout does not offer it there (decision 0159). A fresh install gets them from the seed.
UPDATE "packages" SET "addons" = "addons" - 'Photo Enhancement'
  WHERE ("slug" IN ('surrender-certificate-from-june-2010', 'surrender-certificate-before-june-2010')
      AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'renunciation-of-indian-passport'))
    OR ("slug" = 'property-power-of-attorney'
      AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'power-of-attorney'))
    OR ("slug" = 'consular-appointment-file-check'
      AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'visa-application-centre-support'));
