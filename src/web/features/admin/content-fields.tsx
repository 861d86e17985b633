import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, apiCall, type HttpMethod } from '../../lib/api-client.ts';

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

/**
 * Sends a checked form to the API: on success answers the saved record; on a refusal keeps the
 * server's field messages (shown at their fields) and its message (shown in the status line).
 */
export function useContentSave() {
  const [state, setState] = useState<{
    pending: boolean;
    errors: Record<string, string>;
    outcome: { ok: boolean; message: string } | null;
  }>({ pending: false, errors: {}, outcome: null });

  async function save<T>(method: HttpMethod, url: string, body: unknown): Promise<T | null> {
    setState({ pending: true, errors: {}, outcome: null });
    try {
      const answer = await apiCall<T>({ url, method, body });
      setState({ pending: false, errors: {}, outcome: { ok: true, message: answer.message } });
      return answer.data;
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      setState({
        pending: false,
        errors: api?.fieldErrors ?? {},
        outcome: { ok: false, message: api?.serverMessage ?? 'The change could not be saved. Please try again.' },
      });
      return null;
    }
  }
  const showErrors = (errors: Record<string, string>) =>
    setState({ pending: false, errors, outcome: { ok: false, message: 'Please correct the fields marked below.' } });
  return { ...state, save, showErrors };
}
