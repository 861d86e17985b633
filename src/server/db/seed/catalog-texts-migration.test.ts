import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { seedCatalog, seedCatalogContent } from './catalog.ts';
import { seedContent } from './content.ts';

/**
 * The seed fills only empty tables, so a migration rewords the texts of a database seeded before,
 * and only where the old words are. Migration 0071: a catalog seeded before it said the product
 * resized passport scans, made PDFs of a portal's size and had a minor sign an OCI application
 * (decision 0175). Migration 0072: the texts session 65 changed (decision 0177's appendix), the
 * Terms' "we submit" and the passport packages' return shipping.
 */
let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
  await seedCatalogContent(database.db);
  await seedContent(database.db);
});
afterAll(async () => {
  await database?.close();
});

async function migrate(name: string) {
  const file = fileURLToPath(new URL(`../migrations/${name}.sql`, import.meta.url));
  for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
    await db().execute(sql.raw(statement));
  }
}

/** The texts the migration rewords, as the database holds them. */
async function texts() {
  const { rows } = await database.executeSql(`
    select 'visa' as what, description as text from services where slug = 'indian-visa'
    union all select 'photos', description from services where slug = 'photo-enhancement'
    union all select 'minor', description from packages where slug = 'oci-card-for-minor'
    union all select 'features', features::text from packages where slug = 'e-tourist-30-days'
    union all select 'reissue-note', t.fee_note from package_texts t join packages p on p.id = t.package_id
      where p.slug = 'oci-reissue' and t.applies_to = '{"applyingFrom": "US"}'::jsonb
    union all select 'oci-step', description from process_steps where title = 'Upload documents, photo and signature'
    union all select 'review-day', t.description from package_timeline t join packages p on p.id = t.package_id
      where p.slug = 'e-tourist-1-year' and t.description like 'We check%'
    union all select 'minor-step', description from process_steps
      where title = 'Both parents sign' and description like '%Parental Authorization Form%'
    union all select 'annexure', features::text from packages where slug = 'minor' and features::text like '%Annexure%'
    union all select 'article', body from articles where slug = 'oci-card-documents-checklist'
    union all select 'minor-passport', p.description || ' ' || p.documents::text from packages p
      join services s on s.id = p.service_id where s.slug = 'indian-passport-renewal' and p.slug = 'minor'`);
  return Object.fromEntries((rows as { what: string; text: string | null }[]).map((r) => [r.what, r.text]));
}

describe('migration 0071 (catalog texts true to the product)', () => {
  it('rewords a catalog seeded with the old words to the seed’s, and leaves a text staff reworded', async () => {
    const seeded = await texts();
    expect(seeded.features).toContain('Photo fitted to the portal’s upload rules');
    // The database as a shop seeded before the change holds it.
    await db().execute(sql`
      update services set description = replace(description,
        'fit your photo to its upload rules and check every answer before you submit. We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.',
        'resize your photo and passport scan to its upload rules and check every answer before you submit.')
      where slug = 'indian-visa'`);
    await db().execute(sql`update services set description = 'Reworded by staff.' where slug = 'photo-enhancement'`);
    await db().execute(sql`
      update packages set description = 'First OCI card for a child under 18, at the same government fee as an adult card. Both parents sign the application and a notarised Parental Authorization Form; a child of 5 or older signs too, and a younger child gives a thumb impression instead.'
      where slug = 'oci-card-for-minor'`);
    await db().execute(sql`
      update process_steps set description = 'The application and the Parental Authorization Form are signed by both parents and the form is notarised; a child under 5 gives a thumb impression instead of a signature (left thumb for boys, right thumb for girls).'
      where title = 'Both parents sign' and description like '%Parental Authorization Form%'`);
    await db().execute(sql`
      update packages set features = replace(features::text,
        'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)',
        'Annexure D (or Annexure C for a single parent) prepared for both parents')::jsonb where slug = 'minor'`);
    await db().execute(sql`
      update packages set description = replace(description, ', or one parent signs alone with Annexure C.', '.'),
        documents = replace(documents::text, 'The passports of the parents who sign', 'Both parents’ passports')::jsonb
      where slug = 'minor' and service_id in (select id from services where slug = 'indian-passport-renewal')`);
    await db().execute(sql`
      update articles set body = replace(body,
        'The parents sign the consent form and the application’s declaration; from five, the child signs only the box under their photo, and never a parent for them.',
        'The parents sign the forms; the child does not.') where slug = 'oci-card-documents-checklist'`);
    await db().execute(sql`
      update packages set features = replace(features::text, 'Photo fitted to the portal’s upload rules',
        'Photo and passport scan resized to the upload rules')::jsonb where slug like 'e-%'`);
    await db().execute(sql`
      update package_texts set fee_note = null where package_id in (select id from packages where slug = 'oci-reissue')
        and applies_to = '{"applyingFrom": "US"}'::jsonb`);
    await db().execute(sql`
      update process_steps set description = 'We resize the photo to a square JPEG of 200–1500 px under 500 KB, crop the signature to 1:3 and turn each supporting document into a PDF under 1000 KB.'
      where title = 'Upload documents, photo and signature'`);
    await db().execute(sql`
      update package_timeline set description = 'We check your passport scan and photo against the portal rules the day you upload them.'
      where description = 'We check that your passport scan is clear and fit your photo to the portal rules the day you upload them.'`);
    const old = await texts();
    for (const what of [
      'visa',
      'minor',
      'features',
      'reissue-note',
      'oci-step',
      'review-day',
      'minor-step',
      'annexure',
      'article',
      'minor-passport',
    ]) {
      expect(old[what], what).not.toBe(seeded[what]);
    }

    await migrate('0071_catalog_texts_true_to_the_product');
    expect(await texts()).toEqual({ ...seeded, photos: 'Reworded by staff.' });
    // Run again (a restored backup migrating anew): nothing changes.
    await migrate('0071_catalog_texts_true_to_the_product');
    expect(await texts()).toEqual({ ...seeded, photos: 'Reworded by staff.' });
  });
});

/** The Canadian rows, where a title the US rows keep changed. */
const IN_CANADA = `applies_to = '{"applyingFrom": "CA"}'::jsonb`;

/**
 * [table, column, old words, new words, which rows]: what migration 0072 changes (decision 0177's
 * appendix, then the Terms and return shipping).
 */
const SESSION_65_WORDS: readonly (readonly [
  table: string,
  column: string,
  old: string,
  new: string,
  where?: string,
])[] = [
  [
    'services',
    'description',
    'A power of attorney signed abroad is accepted by Indian registrars and banks only once an Indian mission has attested it. We review your draft, tell you exactly how to notarise and witness it, and prepare the attestation request for the consulate. Foreign nationals must have the document apostilled first, which you can add to any package.',
    'A power of attorney signed abroad is accepted by Indian registrars and banks once an Indian mission has attested it or, where an apostille takes the place of that attestation, once it is apostilled. We review your draft, tell you exactly how to notarise and witness it, and prepare the attestation request for the consulate. Foreign nationals need an apostille, which you can add to any package.',
  ],
  [
    'packages',
    'fee_note',
    'The price is for one executant; each additional executant adds the attestation fees again.',
    'The price is for one executant; each additional executant is charged the whole package again: the consulate’s fees, the other mandatory fees and our service fee.',
  ],
  [
    'package_texts',
    'fee_note',
    'The price is for one executant; each additional executant adds $20 in attestation and photograph fees.',
    'The price is for one executant; each additional executant is charged the whole package again, $81: $20 in attestation and photograph fees, $2 ICWF and our $59 service fee.',
  ],
  [
    'package_texts',
    'fee_note',
    'The price is for one executant; each additional executant adds the CA$35 attestation fee.',
    'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee.',
  ],
  [
    'package_texts',
    'documents',
    'Power of attorney, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)',
    'Power of attorney, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)',
  ],
  [
    'package_texts',
    'documents',
    'The document, signed before a notary (if you are not an Indian citizen, authenticated or apostilled by your province first)',
    'The document, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)',
  ],
  [
    'package_texts',
    'description',
    'If you are not an Indian citizen, your province authenticates or apostilles the document first.',
    'If you are not an Indian citizen, your province or Global Affairs Canada apostilles the document instead: an apostilled Canadian document needs no attestation by the consulate.',
  ],
  [
    'package_texts',
    'fee_note',
    'This price is for an adult 36-page booklet; the government fees for a 60-page booklet come to $300, and for a minor to $215.',
    'This price is for an adult 36-page booklet; the government fees for a 60-page booklet come to $300, and for a minor to $215. If you file by post, VFS Global charges for return shipping on top.',
  ],
  [
    'package_texts',
    'fee_note',
    'This price is for an adult; the government fee for a minor is CA$204.',
    'This price is for an adult; the government fee for a minor is CA$204. If you file by post, BLS International charges from CA$20 for the return courier.',
  ],
  [
    'package_texts',
    'fee_note',
    'This price is for a 36-page booklet; for a 60-page booklet the government fee is $300.',
    'This price is for a 36-page booklet; for a 60-page booklet the government fee is $300. If you file by post, VFS Global charges for return shipping on top.',
  ],
  [
    'process_steps',
    'description',
    'send it to VFS Global, with no payment: its fees are in your price.',
    'send it to VFS Global. Its service fee is in your price; pay VFS Global the $20 reference fee if it applies to you, and return shipping if you file by post.',
  ],
  [
    'process_steps',
    'description',
    'send it to BLS International, with no payment: its fees are in your price.',
    'send it to BLS International. Its service fee is in your price; pay BLS International its courier fee, CA$20 regular or CA$30 express.',
  ],
  [
    'process_steps',
    'description',
    'your province or Global Affairs Canada authenticates or apostilles the document first.',
    'your province or Global Affairs Canada then apostilles the document, and you send it to your attorney in India as it is: an apostilled document needs no attestation by the consulate. Indian citizens go on to the consulate.',
  ],
  ['package_timeline', 'title', 'Notarised and authenticated', 'Notarised and apostilled', IN_CANADA],
  [
    'package_timeline',
    'description',
    'your province authenticates or apostilles it (a few days in person, longer by mail).',
    'your province or Global Affairs Canada apostilles it (a few days in person, longer by mail), and it needs no attestation by the consulate.',
  ],
  ['package_timeline', 'title', 'Notarised, authenticated if needed', 'Notarised, apostilled if needed', IN_CANADA],
  [
    'package_timeline',
    'description',
    'your province authenticates or apostilles the document first; Indian citizens',
    'your province or Global Affairs Canada apostilles the document, and it needs no attestation by the consulate; Indian citizens',
  ],
  [
    'package_timeline',
    'description',
    'Same day in person; 10–12 business days by post.',
    'For a document without an apostille: same day in person; 10–12 business days by post.',
  ],
  ['package_timeline', 'description', 'You courier the attested original', 'You courier the original'],
  [
    'faqs',
    'answer',
    'Files travel over encrypted connections, are used only for your application and are deleted on request. Requests about your data rights are answered within one month.',
    'Files travel over encrypted connections and are used only for your application. The documents and photos uploaded to an order are deleted automatically 90 days after the order closes (completed, refunded or cancelled), and we e-mail you 7 days before, so you can download them first. A SevaPhotos photo check made before you sign in is deleted after 24 hours, unless you order with it. You can download your data, or delete your account, yourself in the Your data section of your profile; requests you send us about your data are answered within one month.',
  ],
  ['term_sections', 'description', 'or the same day when you choose', 'or within one business day when you choose'],
  [
    'term_sections',
    'description',
    'we will tell you before submitting',
    'we will tell you before your application is submitted',
  ],
  [
    'term_sections',
    'description',
    'before we submit it to the authorities',
    'before your application is submitted to the authorities',
  ],
  ['term_sections', 'description', 'we prepare and file it again free of charge', 'we prepare it again free of charge'],
  [
    'term_sections',
    'description',
    'prepare, submit and track your applications',
    'prepare, check and track your applications',
  ],
  [
    'term_sections',
    'description',
    'Like most websites, SevaDocs keeps standard log files of visits. They record your internet protocol (IP) address, browser type, internet service provider, date and time, referring and exit pages, and the number of clicks. This information is not linked to anything that personally identifies you; we use it to analyse trends, administer the site and keep it secure, and we delete logs after 90 days.',
    `**How long we keep it.** The documents and photos uploaded to an order are deleted automatically 90 days after the order closes (completed, refunded or cancelled), and we e-mail you 7 days before, so you can download them first. A SevaPhotos photo check made before you sign in is deleted after 24 hours, unless you order with it. The order itself, its lines and payments stay. Your account, and the answers you gave for your orders, stay until you delete your account (see your rights below).

Like most websites, SevaDocs records each visit in a server log: the page asked for, the date and time, and your internet protocol (IP) address. The log is not linked to your account and is kept by the hosting system our server runs on, not in our database; we use it to administer the site and keep it secure.`,
  ],
  [
    'term_sections',
    'description',
    'We do not sell personal data. If you make a request,',
    'We do not sell personal data. You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile). If you make a request,',
  ],
  [
    'term_sections',
    'description',
    'To exercise any of these rights, please contact us at support@sevadocs.example. Applications already submitted to a government authority are kept for as long as the law requires, even after an erasure request.',
    `You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile); for any other request, contact us at support@sevadocs.example.

Deleting your account deletes your account details, addresses, notifications and messages to us, and the answers, documents and photos of every order, completed ones too. We keep the record of each order and of its payments and refunds (amounts, dates, statuses and the payment providers' references), without your name, e-mail or address, because tax and payment law requires it. Orders not yet paid are cancelled; while an order is in progress, the deletion waits until it has finished or been cancelled. Copies in backups made before the deletion keep your data until those backups are deleted.`,
  ],
  [
    'articles',
    'body',
    'in the USA you can file both together.',
    'in the USA the two applications can be prepared together, but the OCI file goes in once the surrender certificate is issued, because it asks for the certificate number.',
  ],
  [
    'articles',
    'body',
    'Processing usually takes **six to eight weeks** after the consulate receives the file.',
    'Processing usually takes **six to ten weeks** in the USA and **six to eight weeks** in Canada after the application centre receives the file.',
  ],
  ['articles', 'body', '| $25 + ICWF $3 |', '| $40 + ICWF $3 ($25 until 30 June 2026) |'],
  [
    'articles',
    'body',
    'works out which fee applies to you, and files the surrender and your OCI application in the right order.',
    'works out which fee applies to you and checks your file before you send it to the application centre. The OCI card is a separate application: our [OCI card service](/oci-card) prepares it once your surrender certificate is issued.',
  ],
  [
    'articles',
    'body',
    'If you would rather not deal with the portal, our [Indian visa service](/indian-visa) prepares your application and photo, checks everything, and files it on the official site for you.',
    'If you would rather not face the portal’s questions alone, our [Indian visa service](/indian-visa) prepares your answers and photo and checks everything with you; you then submit the application and pay the government fee on the official site yourself.',
  ],
];

/**
 * What 0072 also changes since (decision 0178): the 60-day cancellation of unpaid orders in the
 * privacy policy and the FAQ, and what Canada refunds when an apostille replaces the attestation.
 * Undone first, so the rows hold session 65's words again before those are undone.
 */
const UNPAID_SENTENCE =
  'An order left unpaid, with nothing added or changed for 60 days, is cancelled automatically, and we e-mail you when it is. ';
const SESSION_66_WORDS: readonly (readonly [table: string, column: string, old: string, new: string])[] = [
  ['term_sections', 'description', 'first. A SevaPhotos', `first. ${UNPAID_SENTENCE}A SevaPhotos`],
  ['faqs', 'answer', 'first. A SevaPhotos', `first. ${UNPAID_SENTENCE}A SevaPhotos`],
  [
    'package_texts',
    'fee_note',
    'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee.',
    'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee. For an executant who is not an Indian citizen, an apostille takes the place of the consulate’s attestation: we refund their CA$35 attestation fee and CA$7.40 to the application centre when you ask on our Request a refund page.',
  ],
];
/** The Canadian document attestation's fee note, empty before 0072. */
const CIVIL_CA_NOTE = `package_id in (select p.id from packages p join services s on s.id = p.service_id
  where s.slug = 'power-of-attorney' and p.slug = 'civil-document-attestation')
  and applies_to = '{"applyingFrom": "CA"}'::jsonb`;

/** Passport packages whose fee note said nothing before 0072, where it now names return shipping. */
const NOTE_WAS_EMPTY = `package_id in (select p.id from packages p join services s on s.id = p.service_id
  where s.slug = 'indian-passport-renewal' and p.slug in ('minor', 'lost-or-damaged'))
  and fee_note like 'If you file by post,%'`;

const POA_FAQS = "service_id in (select id from services where slug = 'power-of-attorney')";
const US_QUESTION = 'Does a power of attorney for Indian property signed in the USA need attestation by the consulate?';
const CA_QUESTION = 'Does a power of attorney for Indian property signed in Canada need attestation by the consulate?';

/** Every row of the tables 0072 changes, as the database holds them (ids and times apart). */
async function session65Rows() {
  const tables = [...new Set(SESSION_65_WORDS.map(([table]) => table))];
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const result = await database.executeSql(
      `select (to_jsonb(t) - 'id' - 'created_at' - 'updated_at')::text as row from ${table} t order by 1`,
    );
    rows[table] = (result.rows as { row: string }[]).map((r) => r.row);
  }
  return rows;
}

/** The database as a shop seeded before session 65 holds it. */
async function putSession65WordsBack() {
  for (const [table, column, old, now] of SESSION_66_WORDS) {
    await database.executeSql(
      `update ${table} set ${column} = replace(${column}, $1, $2) where strpos(${column}, $1) > 0`,
      [now, old],
    );
  }
  await database.executeSql(`update package_texts set fee_note = null where ${CIVIL_CA_NOTE}`);
  for (const [table, column, old, now, where = 'true'] of SESSION_65_WORDS) {
    const cast = column === 'documents' ? '::jsonb' : '';
    await database.executeSql(
      `update ${table} set ${column} = replace(${column}::text, $1, $2)${cast}
        where strpos(${column}::text, $1) > 0 and ${where}`,
      [now, old],
    );
  }
  await database.executeSql(`update package_texts set fee_note = null where ${NOTE_WAS_EMPTY}`);
  await database.executeSql(`delete from faqs where ${POA_FAQS} and question = $1`, [CA_QUESTION]);
  await database.executeSql(
    `update faqs set position = position - 1
      where ${POA_FAQS} and position > (select position from faqs where ${POA_FAQS} and question = $1)`,
    [US_QUESTION],
  );
  await database.executeSql(
    `update faqs set question = 'Does a power of attorney for Indian property need attestation by the consulate?',
      applies_to = '{}'::jsonb where ${POA_FAQS} and question = $1`,
    [US_QUESTION],
  );
}

/** Two texts 0072 rewords where staff may have put their own: a Terms section, and a fee note it fills where empty. */
const STAFF_ROWS = [
  { table: 'term_sections', column: 'description', where: "name = 'Cancellations and refunds'" },
  {
    table: 'package_texts',
    column: 'fee_note',
    where: `applies_to = '{"applyingFrom": "US"}'::jsonb and package_id in (select p.id from packages p
      join services s on s.id = p.service_id where s.slug = 'indian-passport-renewal' and p.slug = 'minor')`,
  },
] as const;

async function staffRowTexts(): Promise<(string | null)[]> {
  const texts = [];
  for (const { table, column, where } of STAFF_ROWS) {
    const { rows } = await database.executeSql(`select ${column} as text from ${table} where ${where}`);
    expect(rows).toHaveLength(1);
    texts.push((rows[0] as { text: string | null }).text);
  }
  return texts;
}

async function setStaffRowTexts(texts: readonly (string | null)[]) {
  for (const [i, { table, column, where }] of STAFF_ROWS.entries()) {
    await database.executeSql(`update ${table} set ${column} = $1 where ${where}`, [texts[i]]);
  }
}

describe('migration 0072 (the texts session 65 changed, the Terms and return shipping)', () => {
  const MIGRATION = '0072_catalog_texts_session_65';

  it('rewords a database seeded with the old words to what a fresh seed holds, and leaves a text staff reworded', async () => {
    const seeded = await session65Rows();
    const seededStaffRows = await staffRowTexts();
    expect(seeded.faqs?.filter((row) => row.includes(CA_QUESTION))).toHaveLength(1);

    await putSession65WordsBack();
    const old = await session65Rows();
    for (const [table, column, words] of SESSION_65_WORDS) {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from ${table} where strpos(${column}::text, $1) > 0`,
        [words],
      );
      expect((rows[0] as { n: number }).n, words).toBeGreaterThan(0);
    }
    for (const table of Object.keys(seeded)) expect(old[table], table).not.toEqual(seeded[table]);
    expect(old.faqs?.filter((row) => row.includes(CA_QUESTION))).toEqual([]);
    expect(await staffRowTexts()).toContain(null);
    await setStaffRowTexts(['Reworded by staff.', 'Noted by staff.']);

    await migrate(MIGRATION);
    // Run again (a restored backup migrating anew): nothing changes, and Canada's question is not added twice.
    await migrate(MIGRATION);
    expect(await staffRowTexts()).toEqual(['Reworded by staff.', 'Noted by staff.']);
    // Every other row is as a fresh seed has it.
    await setStaffRowTexts(seededStaffRows);
    expect(await session65Rows()).toEqual(seeded);
  });

  it('leaves a power-of-attorney question whose answer staff reworded for every country, and adds no Canadian one', async () => {
    await putSession65WordsBack();
    await database.executeSql(`update faqs set answer = 'Reworded by staff.' where ${POA_FAQS} and position = 0`);
    const poaFaqs = async () =>
      (
        await database.executeSql(
          `select question, answer, applies_to, position from faqs where ${POA_FAQS} order by position`,
        )
      ).rows;
    const before = await poaFaqs();
    expect(before).toContainEqual(expect.objectContaining({ answer: 'Reworded by staff.', applies_to: {} }));
    await migrate(MIGRATION);
    expect(await poaFaqs()).toEqual(before);
  });
});
