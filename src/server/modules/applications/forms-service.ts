import { createHash } from 'node:crypto';
import {
  ADMIN_FORM_MESSAGES as A,
  type AdminFormDetail,
  type AdminFormDraft,
  type AdminFormSummary,
  appendQuestions,
  checkAdminDefinition,
  type ParsedQuestions,
  type QuestionImportTarget,
  uploadsOffChecklist,
} from '../../../domain/admin/forms.ts';
import { documentChecklist } from '../../../domain/applications/checklist.ts';
import { MEMBER_KINDS } from '../../../domain/applications/member-kinds.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { type FormDefinition, formDefinitionSchema } from '../../../domain/forms/definition.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import type { Database } from '../../db/client.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { createFormsRepository, type FormDefinitionRow, type FormDraftRow } from './forms-repository.ts';

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
export interface FormsServiceDeps {
  /** The back office's audit log: every published version is recorded in its transaction. */
  audit?: Pick<AuditLog, 'record'>;
}

export function createFormsService(db: Database, { audit }: FormsServiceDeps = {}) {
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
        // An admin published this key (decision 0073): the back office owns it, the code's text stays out.
        if (latest?.source === 'admin') return { id: latest.id, version: latest.version, created: false };
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

    /** Every form linked to a package: its newest version, the packages that use it, whether a draft waits. */
    async adminList(): Promise<AdminFormSummary[]> {
      const [links, drafts] = await Promise.all([repository.links(), repository.drafts()]);
      const byKey = new Map<string, number[]>();
      for (const link of links)
        byKey.set(link.definitionKey, [...(byKey.get(link.definitionKey) ?? []), link.packageId]);
      const withDraft = new Set(drafts.map((d) => d.key));
      const summaries: AdminFormSummary[] = [];
      for (const [key, packageIds] of byKey) {
        const latest = await repository.latest(key);
        if (!latest) continue;
        summaries.push({
          key,
          title: latest.definition.title,
          version: latest.version,
          source: latest.source,
          publishedAt: latest.createdAt.toISOString(),
          packageIds,
          hasDraft: withDraft.has(key),
        });
      }
      return summaries.sort((a, b) => a.key.localeCompare(b.key));
    },

    /** A package's form for the builder: the newest version, the draft if any, and the version history. */
    async adminGet(packageId: number): Promise<AdminFormDetail | null> {
      const key = await repository.keyForPackage(packageId);
      if (!key) return null;
      const [versions, draft] = await Promise.all([repository.versions(key), repository.draft(key)]);
      const latest = versions.at(-1);
      if (!latest) return null;
      return {
        packageId,
        key,
        published: { id: latest.id, version: latest.version, definition: latest.definition },
        draft: draft ? draftView(draft) : null,
        versions: versions.map(versionView),
      };
    },

    /** Checks a definition for a package's form with the engine's schema; stores nothing. */
    async adminCheck(packageId: number, input: unknown): Promise<FormResult<FormDefinition>> {
      const key = await repository.keyForPackage(packageId);
      const latest = key ? await repository.latest(key) : null;
      if (!key || !latest) return formFailure(404, A.notFound);
      return checked(checkForKey(input, key, latest.version + 1));
    },

    /** Saves the draft of a package's form once the definition schema accepts it (a 400 stores nothing). */
    async saveDraft(actor: StaffActor, packageId: number, input: unknown): Promise<FormResult<AdminFormDraft>> {
      const key = await repository.keyForPackage(packageId);
      const latest = key ? await repository.latest(key) : null;
      if (!key || !latest) return formFailure(404, A.notFound);
      const result = checkForKey(input, key, latest.version + 1);
      if (!result.ok) return formFailure(400, A.invalid, result.errors);
      const existing = await repository.draft(key);
      const row = await repository.saveDraft({
        key,
        definition: result.definition,
        baseVersion: existing?.baseVersion ?? latest.version,
        updatedByUserId: actor.id,
      });
      return { ok: true, value: draftView(row) };
    },

    async discardDraft(packageId: number): Promise<FormResult<null>> {
      const key = await repository.keyForPackage(packageId);
      if (!key || !(await repository.deleteDraft(key))) return formFailure(404, A.noDraft);
      return { ok: true, value: null };
    },

    /**
     * SPEC.md §7 /questions/upload: appends the file's questions to a section of the package's draft
     * (started from the newest version when there is none), all or nothing.
     */
    async importQuestions(
      actor: StaffActor,
      target: QuestionImportTarget,
      parsed: ParsedQuestions,
    ): Promise<FormResult<{ added: number; draft: AdminFormDraft }>> {
      if (!parsed.ok) return formFailure(400, A.rowsInvalid, parsed.errors);
      const key = await repository.keyForPackage(target.packageId);
      const latest = key ? await repository.latest(key) : null;
      if (!key || !latest) return formFailure(404, A.notFound);
      const existing = await repository.draft(key);
      const appended = appendQuestions(existing?.definition ?? latest.definition, target, parsed.questions);
      if (!appended.ok) return formFailure(400, A.rowsInvalid, appended.errors);
      const off = offChecklistOfKey(appended.definition, key);
      if (off) return formFailure(400, A.rowsInvalid, off);
      const row = await repository.saveDraft({
        key,
        definition: { ...appended.definition, version: latest.version + 1 },
        baseVersion: existing?.baseVersion ?? latest.version,
        updatedByUserId: actor.id,
      });
      return { ok: true, value: { added: parsed.questions.length, draft: draftView(row) } };
    },

    /**
     * Publishes the package's draft as its key's next version: in one transaction the draft is locked,
     * checked again, stored as version n+1 (source 'admin'), deleted, and the change audited. Every
     * package linked to the key asks the newest version, so new orders start with it; orders started
     * earlier keep the version their row points at.
     */
    async publish(actor: StaffActor, packageId: number): Promise<FormResult<{ id: number; version: number }>> {
      const key = await repository.keyForPackage(packageId);
      if (!key) return formFailure(404, A.notFound);
      return db.transaction(async (tx) => {
        const draft = await repository.lockDraft(tx, key);
        if (!draft) return formFailure(409, A.noDraft);
        const latest = await repository.latest(key, tx);
        if (!latest) return formFailure(404, A.notFound);
        if (latest.version !== draft.baseVersion) return formFailure(409, A.stale);
        const version = latest.version + 1;
        const result = checkForKey(draft.definition, key, version);
        if (!result.ok) return formFailure(400, A.invalid, result.errors);
        const row = await repository.insertVersion(
          {
            key,
            version,
            definition: result.definition,
            checksum: definitionChecksum(result.definition),
            source: 'admin',
          },
          tx,
        );
        if (!row) return formFailure(409, A.stale);
        await repository.deleteDraft(key, tx);
        await audit?.record(tx, {
          actor,
          action: 'form.publish',
          subject: { type: 'form', id: key },
          before: { version: latest.version, checksum: latest.checksum },
          after: { version, checksum: row.checksum, definitionId: row.id },
        });
        return { ok: true, value: { id: row.id, version } };
      });
    },

    /** Links a package to a form key unless it has a link already. */
    linkPackage(packageId: number, definitionKey: string): Promise<void> {
      return repository.linkPackage(packageId, definitionKey);
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;

function draftView(row: FormDraftRow): AdminFormDraft {
  return { definition: row.definition, baseVersion: row.baseVersion, updatedAt: row.updatedAt.toISOString() };
}

function versionView(row: FormDefinitionRow): AdminFormDetail['versions'][number] {
  return { id: row.id, version: row.version, source: row.source, createdAt: row.createdAt.toISOString() };
}

/** The engine's check, then that every upload question files to an item of the key's checklist. */
function checkForKey(input: unknown, key: string, version: number): ReturnType<typeof checkAdminDefinition> {
  const result = checkAdminDefinition(input, key, version);
  if (!result.ok) return result;
  const off = offChecklistOfKey(result.definition, key);
  return off ? { ok: false, errors: off } : result;
}

/** The upload questions of `definition` whose file no item of the key's checklist takes, or null when none. */
function offChecklistOfKey(definition: FormDefinition, key: string): Record<string, string> | null {
  const items = checklistItemsOfKey(key);
  const off = items ? uploadsOffChecklist(definition, items) : {};
  return Object.keys(off).length > 0 ? off : null;
}

/** The choices a package's checklist may be asked for: a country applied from, or a citizenship. */
const CHECKLIST_CHOICES = [
  { applyingFrom: 'US' },
  { applyingFrom: 'CA' },
  { citizenship: 'US', destination: 'IN' },
  { citizenship: 'CA', destination: 'IN' },
];

/**
 * Every checklist item a member of the key's package (`service/package`) may have: either kind, a
 * child under 5 or older, from either country, a former Indian citizen or not. Null for a package
 * no checklist knows, whose form has nothing to hold its uploads to.
 */
function checklistItemsOfKey(key: string): ReadonlySet<string> | null {
  const [serviceSlug = '', packageSlug = ''] = key.split('/');
  const items = new Set<string>();
  for (const memberKind of MEMBER_KINDS) {
    for (const choices of CHECKLIST_CHOICES) {
      for (const formerIndianCitizen of [true, false]) {
        for (const dateOfBirth of [undefined, '2010-01-01']) {
          const list = documentChecklist({
            serviceSlug,
            packageSlug,
            choices,
            memberKind,
            formerIndianCitizen,
            ...(dateOfBirth ? { dateOfBirth, today: todayIsoDate() } : {}),
          });
          for (const item of list ?? []) items.add(item.id);
        }
      }
    }
  }
  return items.size > 0 ? items : null;
}

function checked(result: ReturnType<typeof checkAdminDefinition>): FormResult<FormDefinition> {
  return result.ok ? { ok: true, value: result.definition } : formFailure(400, A.invalid, result.errors);
}
