import type { ReactNode } from 'react';
import type { AnswerField } from '../../../../domain/forms/definition.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { FieldError } from '../../../components/ui/labelled-control.tsx';
import { useEngine } from './engine-context.ts';

/** Element ids of one field: its control, help, where its answer came from, and error. */
export function fieldIds(idPrefix: string, key: string) {
  const id = `${idPrefix}-${key}`;
  return { id, help: `${id}-help`, from: `${id}-from`, error: `${id}-error` };
}

/**
 * What ties a control to its help text, the note of where a pre-filled answer came from, and its
 * error (aria-describedby, aria-invalid, aria-required).
 */
export function describedBy(
  field: AnswerField,
  ids: ReturnType<typeof fieldIds>,
  error: string | undefined,
  from?: string,
) {
  const describers = [field.help ? ids.help : null, from ? ids.from : null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-describedby': describers || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
}

function Optional({ field }: { field: AnswerField }) {
  return field.required ? null : <span className="ml-1.5 font-normal text-slate-500">(optional)</span>;
}

function Help({ field, id }: { field: AnswerField; id: string }) {
  return field.help ? (
    <p id={id} className="mt-1 text-sm leading-relaxed text-slate-600">
      {field.help}
    </p>
  ) : null;
}

/** Where a pre-filled answer came from ("From Priya Sharma’s answers"): never a hidden answer. */
function FromNote({ field, id }: { field: AnswerField; id: string }) {
  const from = useEngine().notes[field.key];
  return from ? (
    <p id={id} className="mt-1 flex items-center gap-1.5 text-sm font-medium text-brand-800">
      <Icon name="sparkles" className="size-4" />
      {from}
    </p>
  ) : null;
}

/** A field's message: announced as it appears, tied to the control by aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} role="alert">
      <FieldError message={message} />
    </div>
  );
}

interface ShellProps {
  field: AnswerField;
  ids: ReturnType<typeof fieldIds>;
  error: string | undefined;
  children: ReactNode;
}

/** One control under its label, with its help before and its message after. */
export function FieldShell({ field, ids, error, children }: ShellProps) {
  return (
    <div>
      <label htmlFor={ids.id} className="block text-[0.95rem] font-semibold text-slate-900">
        {field.label}
        <Optional field={field} />
      </label>
      <Help field={field} id={ids.help} />
      <FromNote field={field} id={ids.from} />
      {children}
      <FieldMessage id={ids.error} message={error} />
    </div>
  );
}

/** A group of controls (radio buttons, checkboxes, stars): a fieldset whose legend is the label. */
export function GroupShell({ field, ids, error, children }: ShellProps) {
  // aria-required is not allowed on a group; "(optional)" in the legend marks the optional ones.
  const { 'aria-required': _required, ...aria } = describedBy(field, ids, error, useEngine().notes[field.key]);
  return (
    <fieldset {...aria}>
      <legend className="text-[0.95rem] font-semibold text-slate-900">
        {field.label}
        <Optional field={field} />
      </legend>
      <Help field={field} id={ids.help} />
      <FromNote field={field} id={ids.from} />
      {children}
      <FieldMessage id={ids.error} message={error} />
    </fieldset>
  );
}
