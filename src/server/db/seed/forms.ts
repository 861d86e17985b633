import { eq } from 'drizzle-orm';
import { definitionForPackage } from '../../modules/applications/form-definitions/index.ts';
import { createFormsService } from '../../modules/applications/service.ts';
import type { Database } from '../client.ts';
import { packages, services } from '../schema.ts';

/**
 * The seeded form of every catalog package that has one (docs/decisions/0051): version 1 on the
 * first start, the next version on a start whose seeded content differs from the newest stored one
 * (orders keep the version they started with), and each package linked to its form unless an
 * operator linked it already. A form an admin has published (decision 0073) is left alone.
 * Runs after the catalog seed.
 */
export async function seedFormDefinitions(db: Database): Promise<void> {
  const forms = createFormsService(db);
  const rows = await db
    .select({ packageId: packages.id, packageSlug: packages.slug, serviceSlug: services.slug })
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId));
  for (const { packageId, packageSlug, serviceSlug } of rows) {
    const definition = definitionForPackage(serviceSlug, packageSlug);
    if (!definition) continue;
    await forms.storeVersion(definition);
    await forms.linkPackage(packageId, definition.id);
  }
}
