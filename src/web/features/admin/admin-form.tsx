import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { FormAlert, SubmitButton } from '../../components/ui/form-field.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { ApiError, apiCall, type HttpMethod } from '../../lib/api-client.ts';

export interface AdminFormState {
  errors: Record<string, string>;
  alert: { tone: 'error' | 'success'; message: string } | null;
  pending: boolean;
}

/** The first message per field of a refused zod parse. */
function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * One back-office form (decision 0070): checks its body with the same zod schema the API uses,
 * sends it, shows the server's field messages under their fields, moves focus to the first
 * invalid field (or the form's message) so a keyboard user lands on what to fix, and reloads the
 * page's data once saved. Field ids are `${prefix}-${field}`, so many forms can share a page.
 */
export function useAdminForm(prefix: string) {
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<AdminFormState>({ errors: {}, alert: null, pending: false });
  const id = (field: string) => `${prefix}-${field}`;

  function focusFirst(errors: Record<string, string>) {
    const first = Object.keys(errors)[0];
    const target = (first && document.getElementById(id(first))) || document.getElementById(id('alert'));
    // After React has rendered the messages.
    setTimeout(() => target?.focus(), 0);
  }

  function refuse(errors: Record<string, string>, message: string) {
    setState({ errors, alert: { tone: 'error', message }, pending: false });
    focusFirst(errors);
  }

  async function send<S extends z.ZodType>({
    method,
    url,
    body,
    schema,
    localErrors = {},
    onSaved,
  }: {
    method: HttpMethod;
    url: string;
    body: unknown;
    schema: S;
    /** Problems found while reading the fields (an amount that is not one). */
    localErrors?: Record<string, string>;
    onSaved?: (data: unknown) => void;
  }): Promise<void> {
    const parsed = schema.safeParse(body);
    const errors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...localErrors };
    if (Object.keys(errors).length > 0) {
      refuse(errors, Object.values(errors)[0] ?? 'Please check the form.');
      return;
    }
    setState({ errors: {}, alert: null, pending: true });
    try {
      const res = await apiCall({ url, method, body });
      setState({ errors: {}, alert: { tone: 'success', message: res.message }, pending: false });
      onSaved?.(res.data);
      await revalidate();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      refuse(fieldErrors, error instanceof ApiError ? error.message : 'Could not save. Please try again.');
    }
  }

  return { ...state, id, send, error: (field: string) => state.errors[field] };
}

/** The form's message (focusable, announced) and its submit button, disabled until the page's code runs. */
export function AdminFormFooter({
  form,
  label,
  icon = 'check',
  variant = 'primary',
}: {
  form: { id: (field: string) => string; alert: AdminFormState['alert']; pending: boolean };
  label: string;
  icon?: IconName;
  variant?: 'primary' | 'outline';
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-3">
      <div id={form.id('alert')} tabIndex={-1} className="outline-none">
        {form.alert ? <FormAlert tone={form.alert.tone}>{form.alert.message}</FormAlert> : null}
      </div>
      <SubmitButton
        sending={form.pending}
        label={label}
        icon={icon}
        variant={variant}
        className="self-start"
        disabled={!hydrated}
      />
    </div>
  );
}

/** A form field's text value ('' when absent). */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
