import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { fieldErrorsOf, SaveOutcome, TextField, useContentSave } from './content-fields.tsx';

/** An "Order" field's text as the form schemas take it: empty is NaN, so the schema names the field. */
export const positionValue = (position: string) => (position.trim() === '' ? Number.NaN : Number(position));

/** A content record's "Order" field (read with positionValue); `name` is `position` unless a page holds many forms. */
export function PositionField({
  name = 'position',
  hint,
  value,
  onChange,
  error,
}: {
  name?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField name={name} label="Order" hint={hint} type="number" value={value} onChange={onChange} error={error} />
  );
}

/** The way back to /admin/content and a content page's heading, `titleId` labelling its section. */
export function ContentPageHeading({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <>
      <p>
        <Link to={ADMIN_ROUTES.CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id={titleId} className="text-2xl font-bold text-slate-900">
        {children}
      </h1>
    </>
  );
}

/** A content form's submit button, disabled while its save is under way. */
export function SaveButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** A content form's fields as its inputs hold them (text, or a checkbox's state), by name. */
type FieldValues = Record<string, string | boolean>;

interface RecordFormState<T, F> {
  /** The server's copy of the record the fields stand on: its image, its heading. */
  row: T | null;
  fields: F;
  /**
   * The `updatedAt` an edit sends. The row's, unless the form saw another change to a field the
   * admin has typed over: then the one the admin's copy was made from, so the save is refused as
   * stale (409) and offers Reload rather than undoing the other change.
   */
  version: string;
}

/**
 * After the admin's own image upload the server answers the record as it now is (the new image, a
 * new `updatedAt`). The form stands on that row from then on: a field the admin has not touched
 * takes the server's value (so it shows what the record holds, another admin's change included,
 * and the next save sends that rather than undoing it), and a field the admin has typed over keeps
 * what they typed: it is theirs, not saved yet, and an upload must not throw it away. The edit
 * version becomes the upload's, or the admin's own upload would make their next save "stale".
 * Except when someone else also changed a field the admin has typed over (now, or at an earlier
 * upload): then the old version stays, so the save answers 409 with its Reload as any other
 * conflict does, rather than silently overwriting a change the admin never saw.
 */
function afterUpload<T extends { updatedAt: string }, F extends FieldValues>(
  form: RecordFormState<T, F>,
  server: T,
  fieldsOf: (row: T) => F,
): RecordFormState<T, F> {
  if (!form.row) return form;
  const shown = fieldsOf(form.row);
  const now = fieldsOf(server);
  const fields = { ...form.fields };
  let conflict = form.version !== form.row.updatedAt;
  for (const key of Object.keys(now) as (keyof F)[]) {
    const typed = form.fields[key] !== shown[key];
    if (!typed) fields[key] = now[key];
    else if (now[key] !== shown[key] && now[key] !== form.fields[key]) conflict = true;
  }
  return { row: server, fields, version: conflict ? form.version : server.updatedAt };
}

/**
 * After a save, the server's copy of what was sent (trimmed, emptied to null); a field typed into
 * while the save was under way keeps the new text, which is not saved yet.
 */
function afterSave<T extends { updatedAt: string }, F extends FieldValues>(
  form: RecordFormState<T, F>,
  sent: F,
  saved: T,
  fieldsOf: (row: T) => F,
): RecordFormState<T, F> {
  const now = fieldsOf(saved);
  const fields = { ...form.fields };
  for (const key of Object.keys(now) as (keyof F)[]) if (fields[key] === sent[key]) fields[key] = now[key];
  return { row: saved, fields, version: saved.updatedAt };
}

/**
 * One content record's form page (an offer, banner, partner, team member): its fields, filled from
 * `record` (`fieldsOf(null)`: a new record's), and their save. The save checks the values
 * (`bodyOf(fields)`) with the API's own schema, then adds the record (`record` null) or changes it,
 * sending the `updatedAt` it stands on. A new record opens its own page, where images can be added;
 * a changed one takes the server's answer and reloads the page's data (its heading shows the new
 * title). `tookUpload` takes the record an image upload answered (see `afterUpload`).
 */
export function useContentRecordForm<T extends { id: number; updatedAt: string }, F extends FieldValues>({
  record,
  fieldsOf,
  bodyOf,
  schema,
  editSchema,
  apiPath,
  pagePath,
}: {
  record: T | null;
  fieldsOf: (record: T | null) => F;
  bodyOf: (fields: F) => Record<string, unknown>;
  schema: z.ZodType;
  editSchema: z.ZodType;
  /** `/admin/partners`: POST here adds, PUT `/admin/partners/:id` changes. */
  apiPath: string;
  /** The admin section new records open under, `${ADMIN_ROUTES.CONTENT}/partners`. */
  pagePath: string;
}) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [form, setForm] = useState<RecordFormState<T, F>>(() => ({
    row: record,
    fields: fieldsOf(record),
    version: record?.updatedAt ?? '',
  }));
  const setField =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
  const tookUpload = (server: T) => setForm((current) => afterUpload(current, server, fieldsOf));

  const submit = async (): Promise<void> => {
    const { row, fields: sent, version } = form;
    const values = bodyOf(sent);
    const parsed = row ? editSchema.safeParse({ ...values, updatedAt: version }) : schema.safeParse(values);
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = row
      ? await saving.save<T>('PUT', `${apiPath}/${row.id}`, parsed.data)
      : await saving.save<T>('POST', apiPath, parsed.data);
    if (saved && !row) await navigate(`${pagePath}/${saved.id}`);
    else if (saved) {
      setForm((current) => afterSave(current, sent, saved, fieldsOf));
      await revalidate();
    }
  };
  return { saving, submit, row: form.row, fields: form.fields, setField, tookUpload };
}

/**
 * The page of one content record: the way back, its heading, what comes before the form (a note for
 * a new record, the image upload of a saved one), the form's fields, its save button and status line.
 */
export function ContentFormPage({
  titleId,
  title,
  before,
  saving,
  onSubmit,
  submitLabel,
  children,
}: {
  titleId: string;
  title: string;
  before?: ReactNode;
  saving: { pending: boolean; outcome: { ok: boolean; message: string } | null; stale: boolean };
  onSubmit: () => Promise<unknown>;
  submitLabel: string;
  children: ReactNode;
}) {
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await onSubmit();
  };
  return (
    <section aria-labelledby={titleId} className="flex max-w-xl flex-col gap-4">
      <ContentPageHeading titleId={titleId}>{title}</ContentPageHeading>
      {before}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {children}
        <div>
          <SaveButton pending={saving.pending}>{submitLabel}</SaveButton>
        </div>
        <SaveOutcome saving={saving} />
      </form>
    </section>
  );
}
