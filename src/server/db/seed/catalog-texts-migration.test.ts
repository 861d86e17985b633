import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { seedCatalog, seedCatalogContent } from './catalog.ts';
import { seedContent } from './content.ts';

/**
 * Migration 0071: a catalog seeded before it said the product resized passport scans, made PDFs of
 * a portal's size and had a minor sign an OCI application (decision 0175). The seed fills only
 * empty tables, so the migration rewords a database seeded before, and only where the old words are.
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

async function migrate() {
  const file = fileURLToPath(new URL('../migrations/0071_catalog_texts_true_to_the_product.sql', import.meta.url));
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

    await migrate();
    expect(await texts()).toEqual({ ...seeded, photos: 'Reworded by staff.' });
    // Run again (a restored backup migrating anew): nothing changes.
    await migrate();
    expect(await texts()).toEqual({ ...seeded, photos: 'Reworded by staff.' });
  });
});
