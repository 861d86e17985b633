-- The seeded texts session 65 made true to catalog-facts and to the product (decision 0177, its
-- appendix): an additional power-of-attorney executant is charged the whole package again; in
-- Canada an apostille takes the place of the consulate's attestation (so the power-of-attorney
-- FAQ becomes the USA's and Canada gets its own, right after it); the OCI posting step names what
-- is paid at the centre; the privacy texts give the storage periods, what erasure deletes and
-- keeps, and promise no log deletion the app does not do; the articles say who submits. Then two
-- more: the Terms no longer say we submit or file the application (the customer posts it, or
-- files it online), and every passport package's fee note names the centre's return shipping.
-- The seed fills only empty tables, so a database seeded before gets the new words here; each
-- change matches the old words, so a text staff have reworded is left alone. A fresh install
-- gets them from the seed.
UPDATE "services" SET "description" = 'A power of attorney signed abroad is accepted by Indian registrars and banks once an Indian mission has attested it or, where an apostille takes the place of that attestation, once it is apostilled. We review your draft, tell you exactly how to notarise and witness it, and prepare the attestation request for the consulate. Foreign nationals need an apostille, which you can add to any package.'
  WHERE "slug" = 'power-of-attorney'
    AND "description" = 'A power of attorney signed abroad is accepted by Indian registrars and banks only once an Indian mission has attested it. We review your draft, tell you exactly how to notarise and witness it, and prepare the attestation request for the consulate. Foreign nationals must have the document apostilled first, which you can add to any package.';
--> statement-breakpoint
UPDATE "packages" SET "fee_note" = 'The price is for one executant; each additional executant is charged the whole package again: the consulate’s fees, the other mandatory fees and our service fee.'
  WHERE "slug" = 'property-power-of-attorney'
    AND "fee_note" = 'The price is for one executant; each additional executant adds the attestation fees again.';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'The price is for one executant; each additional executant is charged the whole package again, $81: $20 in attestation and photograph fees, $2 ICWF and our $59 service fee.'
  WHERE "fee_note" = 'The price is for one executant; each additional executant adds $20 in attestation and photograph fees.';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee.'
  WHERE "fee_note" = 'The price is for one executant; each additional executant adds the CA$35 attestation fee.';
--> statement-breakpoint
UPDATE "package_texts" SET "documents" = replace("documents"::text,
    '"Power of attorney, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)"',
    '"Power of attorney, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)"')::jsonb
  WHERE "documents" @> '["Power of attorney, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)"]'::jsonb;
--> statement-breakpoint
UPDATE "package_texts" SET "documents" = replace("documents"::text,
    '"The document, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)"',
    '"The document, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)"')::jsonb
  WHERE "documents" @> '["The document, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)"]'::jsonb;
--> statement-breakpoint
UPDATE "package_texts" SET "description" = 'Attestation of a general power of attorney, affidavit, declaration or other civil document for use in India. If you are not an Indian citizen, your province or Global Affairs Canada apostilles the document instead: an apostilled Canadian document needs no attestation by the consulate.'
  WHERE "description" = 'Attestation of a general power of attorney, affidavit, declaration or other civil document for use in India. If you are not an Indian citizen, your province authenticates or apostilles the document first.';
--> statement-breakpoint
UPDATE "process_steps" SET "description" = 'A specialist checks every page against the VFS Global checklist; you sign the printed file and send it to VFS Global. Its service fee is in your price; pay VFS Global the $20 reference fee if it applies to you, and return shipping if you file by post.'
  WHERE "description" = 'A specialist checks every page against the VFS Global checklist; you sign the printed file and send it to VFS Global, with no payment: its fees are in your price.';
--> statement-breakpoint
UPDATE "process_steps" SET "description" = 'A specialist checks every page against the BLS International checklist; you sign the printed file and send it to BLS International. Its service fee is in your price; pay BLS International its courier fee, CA$20 regular or CA$30 express.'
  WHERE "description" = 'A specialist checks every page against the BLS International checklist; you sign the printed file and send it to BLS International, with no payment: its fees are in your price.';
--> statement-breakpoint
UPDATE "process_steps" SET "description" = 'You sign in front of a notary with two witnesses. If you are not an Indian citizen, your province or Global Affairs Canada then apostilles the document, and you send it to your attorney in India as it is: an apostilled document needs no attestation by the consulate. Indian citizens go on to the consulate.'
  WHERE "description" = 'You sign in front of a notary with two witnesses. If you are not an Indian citizen, your province or Global Affairs Canada authenticates or apostilles the document first.';
--> statement-breakpoint
UPDATE "package_timeline" SET "title" = 'Notarised and apostilled'
  WHERE "title" = 'Notarised and authenticated' AND "applies_to" = '{"applyingFrom": "CA"}'::jsonb;
--> statement-breakpoint
UPDATE "package_timeline" SET "description" = 'You sign before a notary; if you are not an Indian citizen, your province or Global Affairs Canada apostilles it (a few days in person, longer by mail), and it needs no attestation by the consulate.'
  WHERE "description" = 'You sign before a notary; if you are not an Indian citizen, your province authenticates or apostilles it (a few days in person, longer by mail).';
--> statement-breakpoint
UPDATE "package_timeline" SET "title" = 'Notarised, apostilled if needed'
  WHERE "title" = 'Notarised, authenticated if needed' AND "applies_to" = '{"applyingFrom": "CA"}'::jsonb;
--> statement-breakpoint
UPDATE "package_timeline" SET "description" = 'If you are not an Indian citizen, your province or Global Affairs Canada apostilles the document, and it needs no attestation by the consulate; Indian citizens go straight to the consulate.'
  WHERE "description" = 'If you are not an Indian citizen, your province authenticates or apostilles the document first; Indian citizens go straight to the consulate.';
--> statement-breakpoint
UPDATE "package_timeline" SET "description" = 'For a document without an apostille: same day in person; 10–12 business days by post.'
  WHERE "title" = 'Attestation at the consulate'
    AND "description" = 'Same day in person; 10–12 business days by post.'
    AND "applies_to" = '{"applyingFrom": "CA"}'::jsonb;
--> statement-breakpoint
UPDATE "package_timeline" SET "description" = 'You courier the original to your attorney, who has it stamped within three months.'
  WHERE "description" = 'You courier the attested original to your attorney, who has it stamped within three months.';
--> statement-breakpoint
-- The question for every country becomes the USA's, and Canada's is added right after it (the
-- questions after it move down one): in one statement, so it happens once, and only where the
-- question and answer are still the seed's.
WITH "us" AS (
  UPDATE "faqs" SET
      "question" = 'Does a power of attorney for Indian property signed in the USA need attestation by the consulate?',
      "applies_to" = '{"applyingFrom": "US"}'::jsonb
    WHERE "question" = 'Does a power of attorney for Indian property need attestation by the consulate?'
      AND "answer" = 'Yes. Indian sub-registrars and banks accept a power of attorney signed abroad once an Indian mission has attested it. Indian citizens go to the consulate after the notary; others have the document apostilled first and then attested.'
      AND "applies_to" = '{}'::jsonb
      AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'power-of-attorney')
    RETURNING "service_id", "position"
), "after_it" AS (
  UPDATE "faqs" SET "position" = "faqs"."position" + 1
    FROM "us"
    WHERE "faqs"."service_id" = "us"."service_id" AND "faqs"."position" > "us"."position"
)
INSERT INTO "faqs" ("service_id", "position", "question", "answer", "applies_to", "is_active")
  SELECT "service_id", "position" + 1,
    'Does a power of attorney for Indian property signed in Canada need attestation by the consulate?',
    'Not once it is apostilled. Indian sub-registrars and banks accept a power of attorney signed abroad once an Indian mission has attested it, and an apostille from your province or Global Affairs Canada takes the place of that attestation. Indian citizens go to the consulate after the notary; others have the document apostilled instead.',
    '{"applyingFrom": "CA"}'::jsonb, true
  FROM "us";
--> statement-breakpoint
UPDATE "faqs" SET "answer" = 'Files travel over encrypted connections and are used only for your application. The documents and photos uploaded to an order are deleted automatically 90 days after the order closes (completed, refunded or cancelled), and we e-mail you 7 days before, so you can download them first. A SevaPhotos photo check made before you sign in is deleted after 24 hours, unless you order with it. You can download your data, or delete your account, yourself in the Your data section of your profile; requests you send us about your data are answered within one month.'
  WHERE "service_id" IS NULL
    AND "answer" = 'Files travel over encrypted connections, are used only for your application and are deleted on request. Requests about your data rights are answered within one month.';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'or the same day when you choose the Expedite add-on.',
    'or within one business day when you choose the Expedite add-on.')
  WHERE "name" = 'Timelines and delivery';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'If a fee changes after you pay, we will tell you before submitting and you may pay the difference or cancel.',
    'If a fee changes after you pay, we will tell you before your application is submitted and you may pay the difference or cancel.')
  WHERE "name" = 'Prices, fees and payment';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'You may cancel an order at any time before we submit it to the authorities.',
    'You may cancel an order at any time before your application is submitted to the authorities.')
  WHERE "name" = 'Cancellations and refunds';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'if an application is rejected because of a mistake we made, we prepare and file it again free of charge.',
    'if an application is rejected because of a mistake we made, we prepare it again free of charge.')
  WHERE "name" = 'Liability';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace(replace("description",
    'We use your information to prepare, submit and track your applications;',
    'We use your information to prepare, check and track your applications;'),
    'Like most websites, SevaDocs keeps standard log files of visits. They record your internet protocol (IP) address, browser type, internet service provider, date and time, referring and exit pages, and the number of clicks. This information is not linked to anything that personally identifies you; we use it to analyse trends, administer the site and keep it secure, and we delete logs after 90 days.',
    '**How long we keep it.** The documents and photos uploaded to an order are deleted automatically 90 days after the order closes (completed, refunded or cancelled), and we e-mail you 7 days before, so you can download them first. A SevaPhotos photo check made before you sign in is deleted after 24 hours, unless you order with it. The order itself, its lines and payments stay. Your account, and the answers you gave for your orders, stay until you delete your account (see your rights below).

Like most websites, SevaDocs records each visit in a server log: the page asked for, the date and time, and your internet protocol (IP) address. The log is not linked to your account and is kept by the hosting system our server runs on, not in our database; we use it to administer the site and keep it secure.')
  WHERE "name" = 'How we use your information and log files';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'We do not sell personal data. If you make a request,',
    'We do not sell personal data. You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile). If you make a request,')
  WHERE "name" = 'CCPA privacy rights (do not sell my personal information)';
--> statement-breakpoint
UPDATE "term_sections" SET "description" = replace("description",
    'If you make a request, we have one month to respond to you. To exercise any of these rights, please contact us at support@sevadocs.example. Applications already submitted to a government authority are kept for as long as the law requires, even after an erasure request.',
    'If you make a request, we have one month to respond to you. You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile); for any other request, contact us at support@sevadocs.example.

Deleting your account deletes your account details, addresses, notifications and messages to us, and the answers, documents and photos of every order, completed ones too. We keep the record of each order and of its payments and refunds (amounts, dates, statuses and the payment providers'' references), without your name, e-mail or address, because tax and payment law requires it. Orders not yet paid are cancelled; while an order is in progress, the deletion waits until it has finished or been cancelled. Copies in backups made before the deletion keep your data until those backups are deleted.')
  WHERE "name" = 'GDPR data protection rights';
--> statement-breakpoint
UPDATE "articles" SET "body" = replace(replace("body",
    'in the USA you can file both together.',
    'in the USA the two applications can be prepared together, but the OCI file goes in once the surrender certificate is issued, because it asks for the certificate number.'),
    'Processing usually takes **six to eight weeks** after the consulate receives the file.',
    'Processing usually takes **six to ten weeks** in the USA and **six to eight weeks** in Canada after the application centre receives the file.')
  WHERE "slug" = 'oci-card-documents-checklist';
--> statement-breakpoint
UPDATE "articles" SET "body" = replace(replace("body",
    '| On or before 31 May 2010 | $25 + ICWF $3 | C$31 + C$3 |',
    '| On or before 31 May 2010 | $40 + ICWF $3 ($25 until 30 June 2026) | C$31 + C$3 |'),
    'prepares the form, works out which fee applies to you, and files the surrender and your OCI application in the right order.',
    'prepares the form, works out which fee applies to you and checks your file before you send it to the application centre. The OCI card is a separate application: our [OCI card service](/oci-card) prepares it once your surrender certificate is issued.')
  WHERE "slug" = 'surrender-certificate-after-us-or-canadian-citizenship';
--> statement-breakpoint
UPDATE "articles" SET "body" = replace("body",
    'If you would rather not deal with the portal, our [Indian visa service](/indian-visa) prepares your application and photo, checks everything, and files it on the official site for you.',
    'If you would rather not face the portal’s questions alone, our [Indian visa service](/indian-visa) prepares your answers and photo and checks everything with you; you then submit the application and pay the government fee on the official site yourself.')
  WHERE "slug" = 'indian-e-visa-for-us-and-canadian-citizens';
--> statement-breakpoint
-- Every passport file comes back by a courier the customer pays the centre for (catalog-facts §2):
-- a note that said nothing of it says it now, and a note about the price gets it appended.
UPDATE "package_texts" SET "fee_note" = CASE "applies_to"
    WHEN '{"applyingFrom": "US"}'::jsonb THEN 'If you file by post, VFS Global charges for return shipping on top.'
    ELSE 'If you file by post, BLS International charges from CA$20 for the return courier.' END
  WHERE "fee_note" IS NULL
    AND "applies_to" IN ('{"applyingFrom": "US"}'::jsonb, '{"applyingFrom": "CA"}'::jsonb)
    AND "package_id" IN (
      SELECT "packages"."id" FROM "packages" JOIN "services" ON "services"."id" = "packages"."service_id"
      WHERE "services"."slug" = 'indian-passport-renewal' AND "packages"."slug" IN ('minor', 'lost-or-damaged'));
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'This price is for an adult 36-page booklet; the government fees for a 60-page booklet come to $300, and for a minor to $215. If you file by post, VFS Global charges for return shipping on top.'
  WHERE "fee_note" = 'This price is for an adult 36-page booklet; the government fees for a 60-page booklet come to $300, and for a minor to $215.';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'This price is for an adult; the government fee for a minor is CA$204. If you file by post, BLS International charges from CA$20 for the return courier.'
  WHERE "fee_note" = 'This price is for an adult; the government fee for a minor is CA$204.';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'This price is for a 36-page booklet; for a 60-page booklet the government fee is $300. If you file by post, VFS Global charges for return shipping on top.'
  WHERE "fee_note" = 'This price is for a 36-page booklet; for a 60-page booklet the government fee is $300.';
--> statement-breakpoint
-- Decision 0178: orders left unpaid are cancelled after 60 days, which the privacy policy's and the
-- FAQ's storage periods now say; in Canada an apostille replaces the consulate's attestation, whose
-- fees in the price are refunded on request. Matched on the words above, as the rest.
UPDATE "term_sections" SET "description" = replace("description",
    'so you can download them first. A SevaPhotos photo check',
    'so you can download them first. An order left unpaid, with nothing added or changed for 60 days, is cancelled automatically, and we e-mail you when it is. A SevaPhotos photo check')
  WHERE "name" = 'How we use your information and log files';
--> statement-breakpoint
UPDATE "faqs" SET "answer" = replace("answer",
    'so you can download them first. A SevaPhotos photo check',
    'so you can download them first. An order left unpaid, with nothing added or changed for 60 days, is cancelled automatically, and we e-mail you when it is. A SevaPhotos photo check')
  WHERE "service_id" IS NULL AND "question" = 'How is my personal data protected?';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee. For an executant who is not an Indian citizen, an apostille takes the place of the consulate’s attestation: we refund their CA$35 attestation fee and CA$7.40 to the application centre when you ask on our Request a refund page.'
  WHERE "fee_note" = 'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee.';
--> statement-breakpoint
UPDATE "package_texts" SET "fee_note" = 'If you are not an Indian citizen, an apostille takes the place of the consulate’s attestation: we refund the CA$19 attestation fee and CA$7.40 to the application centre when you ask on our Request a refund page.'
  WHERE "fee_note" IS NULL
    AND "applies_to" = '{"applyingFrom": "CA"}'::jsonb
    AND "package_id" IN (
      SELECT "packages"."id" FROM "packages" JOIN "services" ON "services"."id" = "packages"."service_id"
      WHERE "services"."slug" = 'power-of-attorney' AND "packages"."slug" = 'civil-document-attestation');
