import { z } from 'zod';
import { ROW_ID_MAX } from '../api/row-id.ts';
import { checklistItemOfUpload } from '../applications/checklist.ts';
import { MEMBER_KINDS } from '../applications/member-kinds.ts';
import { buildAnswersSchema } from '../forms/answers.ts';
import {
  allFields,
  type Condition,
  type FormDefinition,
  formDefinitionSchema,
  isUploadField,
} from '../forms/definition.ts';

/**
 * The back office's form builder (issue 13 item 4, decision 0073): admins edit a package's form
 * definition as a draft, check it with the engine's own definition schema, publish it as the key's
 * next version, and import questions from a CSV or JSON file (SPEC.md §7 `/questions/upload`).
 * Shared by the API and the pages.
 */

export const ADMIN_FORM_MESSAGES = {
  notFound: 'This package has no form.',
  invalid: 'The form has problems. Please correct them and try again.',
  wrongId: (key: string) => `The definition's id must stay ${key}.`,
  noDraft: 'There is no draft to publish. Save a draft first.',
  stale: 'Another version was published since this draft was started. Reload the form and edit again.',
  draftSaved: 'Draft saved.',
  valid: 'The form is valid.',
  published: (version: number) => `Published as version ${version}. New orders use it; earlier orders keep theirs.`,
  draftDiscarded: 'Draft discarded.',
  unknownStep: (step: string) => `The form has no step ${step}.`,
  unknownSection: (section: string) => `That step has no section ${section}.`,
  badFile: 'The file could not be read.',
  emptyFile: 'The file has no questions.',
  tooManyRows: (max: number) => `A file may hold at most ${max} questions.`,
  imported: (n: number) => `${n} question${n === 1 ? '' : 's'} added to the draft.`,
  rowsInvalid: 'No question was added: some rows have problems.',
  uploadOffChecklist: (item: string) =>
    `Its file would go to the checklist item "${item}", which this package's checklist does not list, so customers could not upload it. Name the question after a checklist item, in camelCase (passport-bio-page: passportBioPage).`,
} as const;
const M = ADMIN_FORM_MESSAGES;

/** The most questions one file may add, and the largest file accepted (bytes). */
export const QUESTION_IMPORT_LIMITS = { rowsMax: 200, bytesMax: 256 * 1024 } as const;

export const formSourceSchema = z.enum(['seed', 'admin']);

export const adminFormSummarySchema = z.object({
  key: z.string(),
  title: z.string(),
  version: z.number(),
  source: formSourceSchema,
  publishedAt: z.string(),
  packageIds: z.array(z.number()),
  hasDraft: z.boolean(),
});
export type AdminFormSummary = z.infer<typeof adminFormSummarySchema>;

export const adminFormVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  source: formSourceSchema,
  createdAt: z.string(),
});

/** A definition as stored (already checked on the way in); typed loosely in the response schema. */
const storedDefinition = z.custom<FormDefinition>((v) => typeof v === 'object' && v !== null);

export const adminFormDraftSchema = z.object({
  definition: storedDefinition,
  /** The published version the draft was started from. */
  baseVersion: z.number(),
  updatedAt: z.string(),
});
export type AdminFormDraft = z.infer<typeof adminFormDraftSchema>;

export const adminFormDetailSchema = z.object({
  packageId: z.number(),
  key: z.string(),
  published: z.object({ id: z.number(), version: z.number(), definition: storedDefinition }),
  draft: adminFormDraftSchema.nullable(),
  versions: z.array(adminFormVersionSchema),
});
export type AdminFormDetail = z.infer<typeof adminFormDetailSchema>;

/** The body of saving or checking a draft: the definition is checked by the engine's schema in the service. */
export const formDraftBodySchema = z.object({ definition: z.unknown() });

export const questionUploadQuery = z.object({
  packageId: z.coerce.number().int().min(1).max(ROW_ID_MAX),
  step: z.string().min(1).max(100),
  section: z.string().min(1).max(100),
});
export type QuestionImportTarget = z.infer<typeof questionUploadQuery>;

/** The envelope's `errors` from a definition's problems: the first message per path ('steps.0.title'). */
export function definitionErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'definition';
    errors[key] ??= issue.message;
  }
  return errors;
}

export type DefinitionCheck = { ok: true; definition: FormDefinition } | { ok: false; errors: Record<string, string> };

/**
 * Checks an admin's definition for the form `key` with the engine's definition schema (shape,
 * then the rules that span it). The id must stay the key; the version is the server's to set.
 */
export function checkAdminDefinition(input: unknown, key: string, version: number): DefinitionCheck {
  const candidate =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input, version } : input;
  const parsed = formDefinitionSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, errors: definitionErrors(parsed.error) };
  if (parsed.data.id !== key) return { ok: false, errors: { id: M.wrongId(key) } };
  // The engine must build the answers schema customers are checked with, for either kind of member.
  try {
    for (const memberKind of MEMBER_KINDS) buildAnswersSchema(parsed.data, { mode: 'complete', memberKind });
  } catch (error) {
    return { ok: false, errors: { definition: error instanceof Error ? error.message : String(error) } };
  }
  return { ok: true, definition: parsed.data };
}

/**
 * The upload questions whose file no checklist item of the package takes (checklistItemOfUpload),
 * by question key: the upload route refuses such a file, and a required question would hold every
 * customer at its step (decision 0159). `items`: every item a member of the package may have.
 */
export function uploadsOffChecklist(definition: FormDefinition, items: ReadonlySet<string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of allFields(definition)) {
    if (!isUploadField(field)) continue;
    const item = checklistItemOfUpload(field.key);
    if (!items.has(item)) errors[field.key] = M.uploadOffChecklist(item);
  }
  return errors;
}

/* ---------------------------------------------------------------------------------------------
 * Importing questions (SPEC.md §7 /questions/upload): a CSV or JSON file of fields appended to
 * one section of the draft, all or nothing, every row checked by the definition schema.
 * ------------------------------------------------------------------------------------------- */

/** The CSV columns, in any order; `key`, `label` and `type` are required, unknown columns refused. */
export const QUESTION_CSV_COLUMNS = [
  'key',
  'label',
  'type',
  'required',
  'requiredWhen',
  'help',
  'placeholder',
  'errorLabel',
  'text',
  'options',
  'min',
  'max',
  'pattern',
  'patternMessage',
] as const;
type Column = (typeof QUESTION_CSV_COLUMNS)[number];

export type ParsedQuestions = { ok: true; questions: unknown[] } | { ok: false; errors: Record<string, string> };

/**
 * RFC 4180 CSV, strictly: comma-separated, fields optionally in double quotes ("" inside is a
 * quote), CRLF or LF line ends, a leading BOM ignored. An unterminated quote or a quote inside an
 * unquoted field is an error, as is a row whose cell count differs from the header's.
 */
export function parseCsv(source: string): { ok: true; rows: string[][] } | { ok: false; message: string } {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let line = 1;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
            return { ok: false, message: `Line ${line}: text after a closing quote.` };
          }
        }
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cellStarted) return { ok: false, message: `Line ${line}: a quote inside an unquoted value.` };
      quoted = true;
      cellStarted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      cellStarted = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStarted = false;
      line += 1;
    } else {
      cell += ch;
      cellStarted = true;
    }
  }
  if (quoted) return { ok: false, message: `Line ${line}: a quoted value is not closed.` };
  if (cellStarted || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty last line) hold no question.
  return { ok: true, rows: rows.filter((r) => !(r.length === 1 && r[0] === '')) };
}

/**
 * A condition as one CSV cell, in the definition's own words so the JSON and the CSV read alike:
 * 'reissueReason equals changes', 'reissueReason oneOf lost|stolen' (`|` as in `options`),
 * 'documents includes visa', 'reissueReason answered'. Null when the cell does not read so; the
 * definition schema then checks the key, the values and that the question comes earlier.
 */
function conditionFromCell(cell: string): Condition | null {
  const answered = /^(\S+)\s+answered$/i.exec(cell);
  if (answered?.[1]) return { field: answered[1], answered: true };
  const [, field = '', test = '', value = ''] = /^(\S+)\s+(equals|oneOf|includes)\s+(\S.*)$/i.exec(cell) ?? [];
  switch (test.toLowerCase()) {
    case 'equals':
      return { field, equals: value };
    case 'oneof':
      return { field, oneOf: value.split('|').map((v) => v.trim()) };
    case 'includes':
      return { field, includes: value };
    default:
      return null;
  }
}

const RULE_TYPES_WITH_TEXT_BOUNDS = new Set(['date', 'time']);
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0', '']);

/** One CSV row as a field object (the definition schema then checks it); a string is the row's problem. */
function fieldFromRow(cells: Partial<Record<Column, string>>): Record<string, unknown> | string {
  const field: Record<string, unknown> = {};
  const value = (c: Column) => {
    const v = cells[c]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const type = value('type');
  field.key = value('key') ?? '';
  field.type = type ?? '';
  if (type === 'description') {
    field.label = value('label') ?? '';
    field.text = value('text') ?? '';
    return field;
  }
  field.label = value('label') ?? '';
  const required = (cells.required ?? '').trim().toLowerCase();
  if (TRUE.has(required)) field.required = true;
  else if (!FALSE.has(required)) return 'required must be true or false';
  const requiredWhen = value('requiredWhen');
  if (requiredWhen !== undefined) {
    const condition = conditionFromCell(requiredWhen);
    if (!condition) {
      return `requiredWhen must be an earlier question's key and a test, such as "reissueReason equals changes", "reissueReason oneOf lost|stolen", "documents includes visa" or "reissueReason answered"`;
    }
    field.requiredWhen = condition;
  }
  for (const c of ['help', 'placeholder', 'errorLabel'] as const) {
    const v = value(c);
    if (v !== undefined) field[c] = v;
  }
  const options = value('options');
  if (options !== undefined) {
    field.options = options.split('|').map((part) => {
      const at = part.indexOf('=');
      return at === -1
        ? { value: part.trim(), label: part.trim() }
        : { value: part.slice(0, at).trim(), label: part.slice(at + 1).trim() };
    });
  }
  const rules: Record<string, unknown> = {};
  for (const bound of ['min', 'max'] as const) {
    const v = value(bound);
    if (v === undefined) continue;
    if (type && RULE_TYPES_WITH_TEXT_BOUNDS.has(type)) rules[bound] = v;
    else if (/^-?\d+(\.\d+)?$/.test(v)) rules[bound] = Number(v);
    else return `${bound} must be a number`;
  }
  const pattern = value('pattern');
  const patternMessage = value('patternMessage');
  if (pattern !== undefined || patternMessage !== undefined) {
    rules.matches = { pattern: pattern ?? '', message: patternMessage ?? '' };
  }
  if (Object.keys(rules).length > 0) field.rules = rules;
  return field;
}

/** A CSV file of questions, one a row under a header row of QUESTION_CSV_COLUMNS. */
export function questionsFromCsv(source: string): ParsedQuestions {
  const parsed = parseCsv(source);
  if (!parsed.ok) return { ok: false, errors: { file: parsed.message } };
  const [header, ...rows] = parsed.rows;
  if (!header) return { ok: false, errors: { file: M.emptyFile } };
  const columns = header.map((h) => h.trim());
  const unknown = columns.filter((c) => !(QUESTION_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { ok: false, errors: { file: `Unknown columns: ${unknown.join(', ')}.` } };
  if (new Set(columns).size !== columns.length) return { ok: false, errors: { file: 'A column is named twice.' } };
  const missing = (['key', 'label', 'type'] as const).filter((c) => !columns.includes(c));
  if (missing.length > 0) return { ok: false, errors: { file: `Missing columns: ${missing.join(', ')}.` } };
  if (rows.length === 0) return { ok: false, errors: { file: M.emptyFile } };
  if (rows.length > QUESTION_IMPORT_LIMITS.rowsMax) {
    return { ok: false, errors: { file: M.tooManyRows(QUESTION_IMPORT_LIMITS.rowsMax) } };
  }
  const errors: Record<string, string> = {};
  const questions: unknown[] = [];
  rows.forEach((cells, index) => {
    const row = index + 1;
    if (cells.length !== columns.length) {
      errors[`rows.${row}`] = `Row ${row} has ${cells.length} values; the header has ${columns.length}.`;
      return;
    }
    const named = Object.fromEntries(columns.map((c, i) => [c, cells[i]])) as Partial<Record<Column, string>>;
    const field = fieldFromRow(named);
    if (typeof field === 'string') errors[`rows.${row}`] = `Row ${row}: ${field}.`;
    else questions.push(field);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, questions };
}

const jsonQuestionsSchema = z.strictObject({ questions: z.array(z.unknown()).min(1) });

/** A JSON file: `{ "questions": [ … ] }`, each a field as the definition format has it (dependents included). */
export function questionsFromJson(body: unknown): ParsedQuestions {
  const parsed = jsonQuestionsSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      errors: { file: 'The JSON must be an object { "questions": [ … ] } with at least one question.' },
    };
  }
  if (parsed.data.questions.length > QUESTION_IMPORT_LIMITS.rowsMax) {
    return { ok: false, errors: { file: M.tooManyRows(QUESTION_IMPORT_LIMITS.rowsMax) } };
  }
  return { ok: true, questions: parsed.data.questions };
}

/**
 * Appends `questions` to the section `sectionKey` of step `stepKey` and checks the whole result
 * with the definition schema. Problems inside an imported question are reported by row
 * ('rows.2.options.1.value'); nothing is appended unless every row is valid.
 */
export function appendQuestions(
  definition: FormDefinition,
  target: { step: string; section: string },
  questions: unknown[],
): { ok: true; definition: FormDefinition } | { ok: false; errors: Record<string, string> } {
  const s = definition.steps.findIndex((step) => step.key === target.step);
  const step = definition.steps[s];
  if (!step) return { ok: false, errors: { step: M.unknownStep(target.step) } };
  const c = step.sections.findIndex((section) => section.key === target.section);
  const section = step.sections[c];
  if (!section) return { ok: false, errors: { section: M.unknownSection(target.section) } };
  const base = section.fields.length;
  const candidate = structuredClone(definition) as FormDefinition;
  const fields = candidate.steps[s]?.sections[c]?.fields as unknown[];
  fields.push(...questions);
  const parsed = formDefinitionSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [a, b, d, e, f, index, ...rest] = issue.path;
    const inImported =
      a === 'steps' &&
      b === s &&
      d === 'sections' &&
      e === c &&
      f === 'fields' &&
      typeof index === 'number' &&
      index >= base;
    const key = inImported ? ['rows', index - base + 1, ...rest].join('.') : issue.path.join('.') || 'file';
    errors[key] ??= inImported ? `Row ${index - base + 1}: ${issue.message}` : issue.message;
  }
  return { ok: false, errors };
}
