import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { formDefinitions, formDrafts, packageForms } from './tables.ts';

export type FormDefinitionRow = typeof formDefinitions.$inferSelect;
export type NewFormDefinition = Pick<FormDefinitionRow, 'key' | 'version' | 'definition' | 'checksum'> &
  Partial<Pick<FormDefinitionRow, 'source'>>;
export type FormDraftRow = typeof formDrafts.$inferSelect;

/** Queries of the stored form definitions and the package → form links. */
export function createFormsRepository(db: Database) {
  return {
    /** Every version of a key, oldest first. */
    versions(key: string, on: Database = db): Promise<FormDefinitionRow[]> {
      return on
        .select()
        .from(formDefinitions)
        .where(eq(formDefinitions.key, key))
        .orderBy(asc(formDefinitions.version));
    },

    /** The form key a package is linked to, or null. */
    async keyForPackage(packageId: number): Promise<string | null> {
      const [row] = await db
        .select({ key: packageForms.definitionKey })
        .from(packageForms)
        .where(eq(packageForms.packageId, packageId));
      return row?.key ?? null;
    },

    /** Every package → form link. */
    links(): Promise<{ packageId: number; definitionKey: string }[]> {
      return db
        .select({ packageId: packageForms.packageId, definitionKey: packageForms.definitionKey })
        .from(packageForms)
        .orderBy(asc(packageForms.packageId));
    },

    async draft(key: string, on: Database = db): Promise<FormDraftRow | null> {
      const [row] = await on.select().from(formDrafts).where(eq(formDrafts.key, key));
      return row ?? null;
    },

    drafts(): Promise<FormDraftRow[]> {
      return db.select().from(formDrafts);
    },

    /** The draft of `key`, locked until the transaction ends (two publishes take turns). */
    async lockDraft(tx: Database, key: string): Promise<FormDraftRow | null> {
      const [row] = await tx.select().from(formDrafts).where(eq(formDrafts.key, key)).for('update');
      return row ?? null;
    },

    async saveDraft(
      values: Pick<FormDraftRow, 'key' | 'definition' | 'baseVersion' | 'updatedByUserId'>,
    ): Promise<FormDraftRow> {
      const [row] = await db
        .insert(formDrafts)
        .values(values)
        .onConflictDoUpdate({
          target: formDrafts.key,
          set: {
            definition: values.definition,
            baseVersion: values.baseVersion,
            updatedByUserId: values.updatedByUserId,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error(`draft of ${values.key} not saved`);
      return row;
    },

    async deleteDraft(key: string, on: Database = db): Promise<boolean> {
      const rows = await on.delete(formDrafts).where(eq(formDrafts.key, key)).returning({ key: formDrafts.key });
      return rows.length > 0;
    },

    async findById(id: number): Promise<FormDefinitionRow | null> {
      const [row] = await db.select().from(formDefinitions).where(eq(formDefinitions.id, id));
      return row ?? null;
    },

    /** The newest version of a definition key, or null. */
    async latest(key: string, on: Database = db): Promise<FormDefinitionRow | null> {
      const [row] = await on
        .select()
        .from(formDefinitions)
        .where(eq(formDefinitions.key, key))
        .orderBy(desc(formDefinitions.version))
        .limit(1);
      return row ?? null;
    },

    /** Stores a version; null when (key, version) exists already (another process stored it first). */
    async insertVersion(values: NewFormDefinition, on: Database = db): Promise<FormDefinitionRow | null> {
      const [row] = await on.insert(formDefinitions).values(values).onConflictDoNothing().returning();
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
