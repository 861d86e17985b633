import { createHash } from 'node:crypto';
import { type FormDefinition, formDefinitionSchema } from '../../../domain/forms/definition.ts';
import type { Database } from '../../db/client.ts';
import { createFormsRepository } from './forms-repository.ts';

/** One stored version of a form definition. */
export interface StoredForm {
  id: number;
  key: string;
  version: number;
  definition: FormDefinition;
}

/** JSON with object keys sorted at every level: jsonb does not keep key order, a checksum must not depend on it. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of a definition's content: its canonical JSON without the version number. */
export function definitionChecksum(definition: FormDefinition): string {
  const { version: _version, ...content } = definition;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * Stored, versioned form definitions (docs/decisions/0051). A version never changes once stored,
 * so each is parsed (formDefinitionSchema) once per process and kept: autosave reads it on every
 * save without a query.
 */
export function createFormsService(db: Database) {
  const repository = createFormsRepository(db);
  const parsed = new Map<number, StoredForm>();

  /** One stored version, checked against the definition format; null when there is no such row. */
  async function definition(id: number): Promise<StoredForm | null> {
    const known = parsed.get(id);
    if (known) return known;
    const row = await repository.findById(id);
    if (!row) return null;
    const checked = formDefinitionSchema.parse(row.definition);
    if (checked.id !== row.key || checked.version !== row.version) {
      throw new Error(`form definition row ${id} holds ${checked.id} v${checked.version}`);
    }
    const stored = { id: row.id, key: row.key, version: row.version, definition: checked };
    parsed.set(id, stored);
    return stored;
  }

  return {
    /** The newest version of the form the package asks (what a new order starts with), or null. */
    currentDefinitionId(packageId: number): Promise<number | null> {
      return repository.currentIdForPackage(packageId);
    },

    definition,

    /**
     * Stores `definition` as the next version of its key unless the newest stored version has the
     * same content; answers the newest version either way. Never rewrites a stored version. Two
     * processes storing at once: one inserts, the other finds its row on the next pass.
     */
    async storeVersion(definition: FormDefinition): Promise<{ id: number; version: number; created: boolean }> {
      const valid = formDefinitionSchema.parse(definition);
      const checksum = definitionChecksum(valid);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const latest = await repository.latest(valid.id);
        if (latest?.checksum === checksum) return { id: latest.id, version: latest.version, created: false };
        const version = (latest?.version ?? 0) + 1;
        const row = await repository.insertVersion({
          key: valid.id,
          version,
          definition: { ...valid, version },
          checksum,
        });
        if (row) return { id: row.id, version, created: true };
      }
      throw new Error(`could not store a new version of form ${valid.id}`);
    },

    /** The version an order started with (its application row's), or null when its package has no form. */
    async orderForm(app: { formDefinitionId: number | null }): Promise<StoredForm | null> {
      if (app.formDefinitionId === null) return null;
      const form = await definition(app.formDefinitionId);
      if (!form) throw new Error(`form definition ${app.formDefinitionId} is missing`);
      return form;
    },

    /** Links a package to a form key unless it has a link already. */
    linkPackage(packageId: number, definitionKey: string): Promise<void> {
      return repository.linkPackage(packageId, definitionKey);
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
