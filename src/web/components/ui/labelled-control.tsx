import { type ReactNode, useId } from 'react';
import { Icon } from './icon.tsx';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The message under the field; lines after the first become a list (the password rule). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Renders the control with the id and ARIA attributes that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
  /** Extra content beside the label (a link, a status). */
  labelAside?: ReactNode;
}

/**
 * A labelled form control (react-hook-form friendly: the control is a render prop) with its
 * hint and its error tied by aria-describedby. Controls use the shared `.field-input` class,
 * which brings the space under the label.
 */
export function FormField({ label, error, hint, children, className = '', labelAside }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? <FieldError id={errorId} message={error} /> : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 flex gap-1.5 text-xs leading-relaxed text-slate-600">
          <Icon name="info" className="mt-px size-3.5 text-brand-600" />
          <span>{hint}</span>
        </p>
      ) : null}
    </div>
  );
}

/** An error message; a message of several lines shows its first line then the rest as a list. */
export function FieldError({ id, message }: { id?: string; message: string }) {
  const [first, ...rest] = message.split('\n');
  return (
    <div id={id} className="mt-1.5 text-sm font-medium text-red-700">
      <p className="flex gap-1.5">
        <Icon name="circle-alert" className="mt-0.5 size-4" />
        <span>{first}</span>
      </p>
      {rest.length > 0 ? (
        <ul className="mt-1 ml-5.5 space-y-0.5">
          {rest.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
