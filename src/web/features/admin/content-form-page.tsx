import type { ReactNode } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '../../../domain/config/routes.ts';
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
        <Link to={ROUTES.ADMIN_CONTENT} className="text-sm text-brand-700 hover:underline">
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

/**
 * Saves one content record from its form page (an offer, banner, partner, team member): checks the
 * values with the API's own schema, then adds the record (`record` null) or changes it, sending the
 * `updatedAt` it was loaded with. A new record opens its own page, where images can be added; a
 * changed one reloads the page's data (its heading shows the new title, the next save its new `updatedAt`).
 */
export function useContentRecordSave<T extends { id: number; updatedAt: string }>({
  record,
  schema,
  editSchema,
  apiPath,
  pagePath,
}: {
  record: T | null;
  schema: z.ZodType;
  editSchema: z.ZodType;
  /** `/admin/partners`: POST here adds, PUT `/admin/partners/:id` changes. */
  apiPath: string;
  /** The admin section new records open under, `${ROUTES.ADMIN_CONTENT}/partners`. */
  pagePath: string;
}) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const submit = async (values: Record<string, unknown>): Promise<void> => {
    const parsed = record ? editSchema.safeParse({ ...values, updatedAt: record.updatedAt }) : schema.safeParse(values);
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = record
      ? await saving.save<T>('PUT', `${apiPath}/${record.id}`, parsed.data)
      : await saving.save<T>('POST', apiPath, parsed.data);
    if (saved && !record) await navigate(`${pagePath}/${saved.id}`);
    else if (saved) await revalidate();
  };
  return { saving, submit };
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
