import { formAlertId } from '../../lib/use-posted-form.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-names.ts';

interface BaseFieldProps {
  name: string;
  label: string;
  /** The message shown under the field; the field is marked invalid while there is one. */
  error?: string;
  hint?: string;
  required?: boolean;
  /** Extra classes on the wrapper (grid placement). */
  className?: string;
}

const errorId = (name: string) => `${name}-error`;
const hintId = (name: string) => `${name}-hint`;

function describedBy(name: string, error?: string, hint?: string): string | undefined {
  return [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(' ') || undefined;
}

function Label({ name, label, required }: { name: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={name} className="field-label">
      {label}
      {required ? null : <span className="ml-1 font-normal text-slate-600">(optional)</span>}
    </label>
  );
}

function Messages({ name, error, hint }: { name: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId(name)} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(name)} className="field-error">
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/** A label above one control, its hint and error below; the control gets the attributes that tie them. */
export function LabelledField({
  name,
  label,
  error,
  hint,
  required = true,
  className,
  children,
}: BaseFieldProps & { children(control: ControlProps): React.ReactNode }) {
  return (
    <div className={className}>
      <Label name={name} label={label} required={required} />
      {children({
        id: name,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(name, error, hint),
        'aria-required': required || undefined,
      })}
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

type InputProps = BaseFieldProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'className' | 'required'> & { defaultValue?: string };

/** A labelled input whose error sits right under it and is announced with it. */
export function TextField({ name, label, error, hint, required = true, className, ...input }: InputProps) {
  return (
    <LabelledField {...{ name, label, error, hint, required, className }}>
      {(control) => <input {...control} type="text" className="field-input" {...input} />}
    </LabelledField>
  );
}

type TextAreaProps = BaseFieldProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'className' | 'required'> & {
    defaultValue?: string;
  };

export function TextAreaField({ name, label, error, hint, required = true, className, ...textarea }: TextAreaProps) {
  return (
    <LabelledField {...{ name, label, error, hint, required, className }}>
      {(control) => <textarea {...control} rows={5} className="field-input min-h-32 resize-y" {...textarea} />}
    </LabelledField>
  );
}

interface SelectProps extends BaseFieldProps {
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  placeholder: string;
}

export function SelectField({ options, defaultValue, placeholder, ...field }: SelectProps) {
  return (
    <LabelledField {...field}>
      {(control) => (
        <select {...control} defaultValue={defaultValue ?? ''} className="field-input appearance-auto">
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

interface RadioGroupProps extends BaseFieldProps {
  options: readonly { value: string; label: string; description?: string }[];
  defaultValue?: string;
}

/** Choices as large cards: a fieldset whose legend is the label. */
export function RadioCardGroup({
  name,
  label,
  error,
  hint,
  required = true,
  className,
  options,
  defaultValue,
}: RadioGroupProps) {
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(name, error, hint)}
    >
      <legend className="field-label">{label}</legend>
      <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 shadow-sm hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={defaultValue === o.value}
              required={required}
              className="mt-1 size-4 accent-brand-600 outline-none"
            />
            <span>
              <span className="block font-semibold text-slate-900">{o.label}</span>
              {o.description ? <span className="mt-0.5 block text-sm text-slate-600">{o.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <Messages name={name} error={error} hint={hint} />
    </fieldset>
  );
}

/**
 * The honeypot (DESIGN.md §1): off screen and out of the tab order, so people never fill it in;
 * form-filling bots do, and the server then refuses the post.
 */
export function HoneypotField({ name = 'website' }: { name?: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${name}-hp`}>Leave this field empty</label>
      <input id={`${name}-hp`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A form-level message: what went wrong, or that it worked. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: React.ReactNode }) {
  const styles =
    tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-900';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border p-4 ${styles}`}
    >
      <Icon name={tone === 'error' ? 'circle-alert' : 'circle-check'} className="mt-0.5 size-5" />
      <div className="text-[0.95rem] font-medium">{children}</div>
    </div>
  );
}

/** The message of a refused post, focusable so usePostedForm can move focus to it. */
export function FormRejectionAlert({ formId, message }: { formId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={formAlertId(formId)} tabIndex={-1} className="outline-none">
      <FormAlert tone="error">{message}</FormAlert>
    </div>
  );
}

/** A form's submit button: disabled with a spinner and "Sending…" while the post is under way. */
export function SubmitButton({
  sending,
  label,
  icon,
  className = 'w-full',
  disabled = false,
  variant = 'primary',
  describedBy,
}: {
  sending: boolean;
  label: string;
  icon: IconName;
  className?: string;
  /** Off for another reason than sending (the page's code has not run yet). */
  disabled?: boolean;
  /** `outline` for an action beside a form's main one (a removal), so the main one stands out. */
  variant?: 'primary' | 'outline';
  /** The id of what explains the button (what happens next). */
  describedBy?: string;
}) {
  return (
    <button
      type="submit"
      aria-describedby={describedBy}
      disabled={sending || disabled}
      className={`${variant === 'outline' ? 'btn-outline' : 'btn-primary'} disabled:opacity-70 ${className}`}
    >
      {sending ? 'Sending…' : label}
      <Icon name={sending ? 'loader-circle' : icon} className={sending ? 'size-5 animate-spin' : 'size-5'} />
    </button>
  );
}
