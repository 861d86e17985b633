import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { formDefinitions, packageForms } from './tables.ts';

export type FormDefinitionRow = typeof formDefinitions.$inferSelect;
export type NewFormDefinition = Pick<FormDefinitionRow, 'key' | 'version' | 'definition' | 'checksum'>;

/** Queries of the stored form definitions and the package → form links. */
export function createFormsRepository(db: Database) {
  return {
    async findById(id: number): Promise<FormDefinitionRow | null> {
      const [row] = await db.select().from(formDefinitions).where(eq(formDefinitions.id, id));
      return row ?? null;
    },

    /** The newest version of a definition key, or null. */
    async latest(key: string): Promise<FormDefinitionRow | null> {
      const [row] = await db
        .select()
        .from(formDefinitions)
        .where(eq(formDefinitions.key, key))
        .orderBy(desc(formDefinitions.version))
        .limit(1);
      return row ?? null;
    },

    /** Stores a version; null when (key, version) exists already (another process stored it first). */
    async insertVersion(values: NewFormDefinition): Promise<FormDefinitionRow | null> {
      const [row] = await db.insert(formDefinitions).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The id of the newest version of the form the package asks, or null. */
    async currentIdForPackage(packageId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: formDefinitions.id })
        .from(packageForms)
        .innerJoin(formDefinitions, eq(formDefinitions.key, packageForms.definitionKey))
        .where(eq(packageForms.packageId, packageId))
        .orderBy(desc(formDefinitions.version))
        .limit(1);
      return row?.id ?? null;
    },

    /** Links a package to a form unless it is linked already (an operator's choice is kept). */
    async linkPackage(packageId: number, definitionKey: string): Promise<void> {
      await db.insert(packageForms).values({ packageId, definitionKey }).onConflictDoNothing();
    },
  };
}
