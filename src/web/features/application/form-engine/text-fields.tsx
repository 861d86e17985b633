import { formatMoney } from '../../../../domain/catalog/money.ts';
import { transformText } from '../../../../domain/forms/answers.ts';
import { autofillFor } from '../../../../domain/forms/autofill.ts';
import type {
  CurrencyField,
  DateField,
  NumberField,
  PasswordField,
  TextField,
  TimeField,
} from '../../../../domain/forms/definition.ts';
import { currencyBounds, resolvedDateBounds, textLength, timeBounds } from '../../../../domain/forms/rules.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { FieldShell } from './field-shell.tsx';
import { useAnswer, useTypedText } from './use-answer.ts';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Keyboard, autofill and spelling hints per type; widths keep short answers short. */
const INPUTS = {
  text: { type: 'text', width: 'max-w-xl' },
  paragraph: { type: 'text', width: 'max-w-xl' },
  'short answer': { type: 'text', width: 'max-w-sm' },
  'unique ID': {
    type: 'text',
    width: 'max-w-sm font-mono tracking-wide',
    autoCapitalize: 'characters',
    spellCheck: false,
    autoComplete: 'off',
  },
  email: { type: 'email', width: 'max-w-xl', inputMode: 'email', autoComplete: 'email', spellCheck: false },
} as const;

/** What a text control needs: its value, ARIA and ids, typing and leaving (the transforms apply as it is left). */
function useText(field: TextField | PasswordField) {
  const { input, error, ids, aria } = useAnswer(field);
  const value = asText(input.value);
  const props = {
    ...aria,
    id: ids.id,
    name: field.key,
    ref: input.ref,
    value,
    placeholder: field.placeholder,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => input.onChange(event.target.value),
    onBlur: () => {
      const transformed = transformText(field, value);
      if (transformed !== value) input.onChange(transformed);
      input.onBlur();
    },
  };
  return { props, error, ids, max: textLength(field).max };
}

/** text, short answer, unique ID, email and password: one line. */
export function TextControl({ field }: { field: TextField | PasswordField }) {
  const { props, error, ids, max } = useText(field);
  if (field.type === 'password') {
    return (
      <FieldShell field={field} ids={ids} error={error}>
        <PasswordInput {...props} maxLength={max} autoComplete="off" className="max-w-xl" />
      </FieldShell>
    );
  }
  const { width, ...hints } = INPUTS[field.type];
  const autofill = autofillFor(field.key);
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <input
        {...props}
        {...hints}
        {...(autofill ? { autoComplete: autofill } : {})}
        // A document number is read without spaces and hyphens, so typing them must not hit the limit.
        maxLength={field.type === 'unique ID' ? max * 2 : max}
        className={`field-input ${width}`}
      />
    </FieldShell>
  );
}

export function ParagraphControl({ field }: { field: TextField }) {
  const { props, error, ids, max } = useText(field);
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <textarea {...props} rows={4} maxLength={max} className="field-input min-h-28 resize-y" />
      <p className="mt-1 text-right text-xs text-slate-500" aria-hidden="true">
        {props.value.length} / {max}
      </p>
    </FieldShell>
  );
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Typed text as a number; text that is not one stays text, for the schema to name. Nothing typed
 * is null, not undefined: react-hook-form shows a field's default value again for undefined.
 */
function parseNumber(text: string): unknown {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : text;
}

interface AmountInputProps {
  field: NumberField | CurrencyField;
  format(value: unknown): string;
  parse(text: string): unknown;
  decimal: boolean;
  /** Shown inside the input, before the amount ('$'). */
  before?: string | undefined;
  /** Shown after the input ('cm', 'USD'). */
  after?: string | undefined;
  placeholder?: string | undefined;
}

/** A number typed as text, kept as typed while the stored value follows (numbers and currency). */
function AmountInput({ field, format, parse, decimal, before, after, placeholder }: AmountInputProps) {
  const { input, error, ids, aria } = useAnswer(field);
  const [text, setText] = useTypedText(input.value, format, parse);
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <div className="relative mt-1.5 flex max-w-xs items-center">
        {before ? (
          <span aria-hidden="true" className="pointer-events-none absolute left-4 text-slate-500">
            {before}
          </span>
        ) : null}
        <input
          {...aria}
          id={ids.id}
          name={field.key}
          ref={input.ref}
          type="text"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            input.onChange(parse(event.target.value));
          }}
          onBlur={input.onBlur}
          className="field-input mt-0 w-44"
          style={before ? { paddingLeft: `${1.5 + before.length * 0.6}rem` } : undefined}
        />
        {after ? <span className="ml-3 text-slate-600">{after}</span> : null}
      </div>
    </FieldShell>
  );
}

const formatNumber = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function NumberControl({ field }: { field: NumberField }) {
  return (
    <AmountInput
      field={field}
      format={formatNumber}
      parse={parseNumber}
      decimal={Boolean(field.decimals)}
      after={field.unit}
      placeholder={field.placeholder}
    />
  );
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** '1,250.50' as 125050 cents; anything else stays text. */
function parseCents(text: string): unknown {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return AMOUNT.test(trimmed) ? Math.round(Number(trimmed) * 100) : text;
}

function formatCents(value: unknown): string {
  if (typeof value !== 'number') return typeof value === 'string' ? value : '';
  return (value / 100).toFixed(value % 100 === 0 ? 0 : 2);
}

export function CurrencyControl({ field }: { field: CurrencyField }) {
  const { currency } = currencyBounds(field);
  const symbol = formatMoney({ amountCents: 0, currency }).replace(/[\d.,\s]/g, '');
  return (
    <AmountInput
      field={field}
      format={formatCents}
      parse={parseCents}
      decimal
      before={symbol}
      after={currency}
      placeholder={field.placeholder ?? '0.00'}
    />
  );
}

/** The browser's date or time picker, limited to the field's bounds (dates resolved on today). */
export function DateTimeControl({ field }: { field: DateField | TimeField }) {
  const { engine, input, error, ids, aria } = useAnswer(field);
  const { min, max } = field.type === 'date' ? resolvedDateBounds(field, engine.today) : timeBounds(field);
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <input
        {...aria}
        id={ids.id}
        name={field.key}
        ref={input.ref}
        type={field.type}
        min={min}
        max={max}
        value={asText(input.value)}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={input.onBlur}
        className={`field-input ${field.type === 'date' ? 'max-w-xs' : 'max-w-[12rem]'}`}
      />
    </FieldShell>
  );
}
