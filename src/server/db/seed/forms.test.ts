import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRANDS } from '../../../domain/config/site.ts';
import { formDefinitionSchema } from '../../../domain/forms/definition.ts';
import { SEEDED_FORM_DEFINITIONS } from '../../modules/applications/form-definitions/index.ts';
import { definitionChecksum } from '../../modules/applications/forms-service.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { formDefinitions, packageForms, packages, services } from '../schema.ts';
import { seedFormDefinitions } from './forms.ts';

/** What the next start's seeded forms say: a title changed in one of them, or nothing. */
const seed = vi.hoisted(() => ({ changedTitle: null as string | null }));
vi.mock('../../modules/applications/form-definitions/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules/applications/form-definitions/index.ts')>();
  return {
    ...original,
    definitionForPackage(serviceSlug: string, packageSlug: string) {
      const definition = original.definitionForPackage(serviceSlug, packageSlug);
      return definition && seed.changedTitle && definition.id === 'oci-card/new-oci-card'
        ? { ...definition, title: seed.changedTitle }
        : definition;
    },
  };
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const versionsOf = (key: string) =>
  database.db.select().from(formDefinitions).where(eq(formDefinitions.key, key)).orderBy(asc(formDefinitions.version));

describe('seeding the form definitions', () => {
  it('stored version 1 of every seeded form, valid, and linked every application package to its form', async () => {
    const rows = await database.db.select().from(formDefinitions);
    expect(rows.map((r) => r.key).sort()).toEqual([...SEEDED_FORM_DEFINITIONS.keys()].sort());
    for (const row of rows) {
      expect(row.version).toBe(1);
      expect(formDefinitionSchema.parse(row.definition)).toEqual(SEEDED_FORM_DEFINITIONS.get(row.key));
      expect(row.checksum).toBe(definitionChecksum(row.definition));
    }
    const links = await database.db
      .select({ key: packageForms.definitionKey, service: services.slug, pkg: packages.slug, brand: services.brand })
      .from(packageForms)
      .innerJoin(packages, eq(packages.id, packageForms.packageId))
      .innerJoin(services, eq(services.id, packages.serviceId));
    expect(links.length).toBe(SEEDED_FORM_DEFINITIONS.size);
    for (const link of links) {
      expect(link.key).toBe(`${link.service}/${link.pkg}`);
      expect(link.brand).toBe(BRANDS.docs);
    }
  });

  it('adds nothing on a start with the same forms, and the next version on a start with a changed one', async () => {
    const before = await database.db.select().from(formDefinitions);
    await seedFormDefinitions(database.db);
    expect(await database.db.select().from(formDefinitions)).toEqual(before);

    seed.changedTitle = 'OCI card registration (revised)';
    await seedFormDefinitions(database.db);
    await seedFormDefinitions(database.db);
    const versions = await versionsOf('oci-card/new-oci-card');
    expect(versions.map((v) => [v.version, v.definition.version, v.definition.title])).toEqual([
      [1, 1, 'OCI card registration'],
      [2, 2, 'OCI card registration (revised)'],
    ]);
    // Version 1 is never rewritten; the other forms are untouched.
    expect(versions[0]).toEqual(before.find((r) => r.key === 'oci-card/new-oci-card'));
    const others = (await database.db.select().from(formDefinitions)).filter((r) => r.key !== 'oci-card/new-oci-card');
    expect(others).toEqual(before.filter((r) => r.key !== 'oci-card/new-oci-card'));
  });
});
