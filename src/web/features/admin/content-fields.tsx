import { useState } from 'react';
import type { z } from 'zod';
import { EDIT_MESSAGES } from '../../../domain/admin/content.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { ApiError, apiCall, type HttpMethod, uploadFile } from '../../lib/api-client.ts';
import { ActionOutcome } from './use-admin-action.tsx';

/** The first message of each field of a failed parse, by field name (`endsAt`, `link`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A labelled text input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline = false,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'number' | 'datetime-local';
  multiline?: boolean;
}) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    className: 'rounded-lg border border-slate-300 px-3 py-2 font-normal',
  } as const;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-slate-600">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** `2026-12-01T09:30` (a datetime-local input, read as UTC) ↔ ISO. */
export const isoToLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
export const localInputToIso = (value: string) => (value ? `${value}:00Z` : null);

interface SaveState {
  pending: boolean;
  errors: Record<string, string>;
  outcome: { ok: boolean; message: string } | null;
  /** The edit was refused because someone else changed the record since it was loaded. */
  stale: boolean;
}

/**
 * Sends a checked form to the API: on success answers the saved record; on a refusal keeps the
 * server's field messages (shown at their fields) and its message (shown in the status line). The
 * fields are the form's own state, so a refused save leaves what was typed in place.
 */
export function useContentSave() {
  const [state, setState] = useState<SaveState>({ pending: false, errors: {}, outcome: null, stale: false });

  async function save<T>(method: HttpMethod, url: string, body: unknown): Promise<T | null> {
    setState({ pending: true, errors: {}, outcome: null, stale: false });
    try {
      const answer = await apiCall<T>({ url, method, body });
      setState({ pending: false, errors: {}, outcome: { ok: true, message: answer.message }, stale: false });
      return answer.data;
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      setState({
        pending: false,
        errors: api?.fieldErrors ?? {},
        outcome: { ok: false, message: api?.serverMessage ?? 'The change could not be saved. Please try again.' },
        stale: api?.status === 409 && api.serverMessage === EDIT_MESSAGES.stale,
      });
      return null;
    }
  }
  const showErrors = (errors: Record<string, string>) =>
    setState({
      pending: false,
      errors,
      outcome: { ok: false, message: 'Please correct the fields marked below.' },
      stale: false,
    });
  return { ...state, save, showErrors };
}

/**
 * A content form's status line; after a stale edit, also the way to reload. Reloading the whole
 * page is what replaces the typed fields with the other change, so it waits for the editor's click
 * (they may want to copy their text first).
 */
export function SaveOutcome({ saving }: { saving: Pick<SaveState, 'outcome' | 'stale'> }) {
  return (
    <>
      <ActionOutcome outcome={saving.outcome} />
      {saving.stale && (
        <div>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100"
          >
            Reload
          </button>
        </div>
      )}
    </>
  );
}

/**
 * A record's public image (a banner's, a partner's logo, a team member's photo): the current one,
 * and a file field sent to `url` as multipart; the server checks it by its first bytes, re-encodes
 * it and answers its message, which this form shows at the field, or the record with its new image
 * and `updatedAt`, which goes to `onUploaded` (the page's form stands on it from then on).
 */
export function ImageUploadForm<T>({
  name,
  url,
  image,
  alt,
  noun,
  onUploaded,
}: {
  /** The field's id and name prefix (`banner`, `partner`, `member`). */
  name: string;
  url: string;
  /** The current image's media path; '' or null when there is none. */
  image: string | null;
  alt: string;
  /** What the image is, for the heading and labels ("Image", "Logo", "Photo"). */
  noun: string;
  onUploaded: (record: T) => void;
}) {
  const [upload, setUpload] = useState<{ pending: boolean; error: string | null; done: boolean }>({
    pending: false,
    error: null,
    done: false,
  });
  const id = `${name}-file`;
  const lower = noun.toLowerCase();

  const send = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      return setUpload({ pending: false, error: 'Choose an image to upload', done: false });
    }
    setUpload({ pending: true, error: null, done: false });
    try {
      const record = await uploadFile<T>(url, file);
      setUpload({ pending: false, error: null, done: true });
      onUploaded(record);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      setUpload({ pending: false, error: message ?? 'The upload did not finish. Please try again.', done: false });
    }
  };

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{noun}</h2>
      {image ? (
        <img src={mediaUrl(image)} alt={alt} className="max-h-48 w-auto self-start rounded" />
      ) : (
        <p className="text-sm text-slate-600">No {lower} yet.</p>
      )}
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {image ? `Replace the ${lower}` : `Upload the ${lower}`} (JPEG, PNG or HEIC, up to 5 MB)
      </label>
      <input
        id={id}
        name="file"
        type="file"
        accept="image/jpeg,image/png,image/heic,image/heif"
        aria-invalid={upload.error ? true : undefined}
        aria-describedby={upload.error ? `${id}-error` : undefined}
        className="max-w-full text-sm"
      />
      {upload.error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {upload.error}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={upload.pending}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
        >
          Upload {lower}
        </button>
      </div>
      <p role="status" className="text-sm text-emerald-800">
        {upload.done ? 'Image saved' : ''}
      </p>
    </form>
  );
}
