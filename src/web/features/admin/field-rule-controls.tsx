import type { ReactNode } from 'react';
import { MEMBER_KINDS, type MemberKind } from '../../../domain/applications/member-kinds.ts';
import type { ChoiceOption, Condition, FormField } from '../../../domain/forms/definition.ts';
import {
  FILE_TYPE_LABELS,
  FILE_TYPES,
  type FileType,
  SINGLE_CHOICE_TYPES,
  TEXT_FIELD_TYPES,
  TEXT_TRANSFORMS,
  type TextTransform,
  UPLOAD_FIELD_TYPES,
} from '../../../domain/forms/field-types.ts';

const small = 'rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold hover:bg-slate-50';
const includes = (list: readonly string[], type: string) => list.includes(type);

/** What `min` and `max` mean for each type with them (decision 0047); dates and times take bounds as text. */
function boundsOf(type: string): { min: string; max: string; kind: 'number' | 'text' } | null {
  if (includes(TEXT_FIELD_TYPES, type)) return { min: 'Minimum length', max: 'Maximum length', kind: 'number' };
  if (type === 'checkboxes') return { min: 'Fewest choices', max: 'Most choices', kind: 'number' };
  if (type === 'currency') return { min: 'Minimum (cents)', max: 'Maximum (cents)', kind: 'number' };
  if (type === 'number' || type === 'range' || type === 'rating')
    return { min: 'Minimum', max: 'Maximum', kind: 'number' };
  if (type === 'date') return { min: 'Earliest date', max: 'Latest date', kind: 'text' };
  if (type === 'time') return { min: 'Earliest time', max: 'Latest time', kind: 'text' };
  return null;
}

/** `record` without the keys whose value is undefined or an empty list; undefined when nothing is left. */
function compact<T extends object>(record: T): T | undefined {
  const entries = Object.entries(record).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

/** A copy of `field` with `key` set, or removed when `value` is undefined (the definition keeps no empty settings). */
function withSetting(field: FormField, key: string, value: unknown): FormField {
  const next = { ...field } as Record<string, unknown>;
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as unknown as FormField;
}

const nonEmpty = <T,>(list: T[]) => (list.length ? list : undefined);
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));
const textOrUndefined = (text: string) => (text === '' ? undefined : text);
const toggled = <T extends string>(list: readonly T[] | undefined, item: T, on: boolean): T[] =>
  on ? [...(list ?? []), item] : (list ?? []).filter((x) => x !== item);

type Rules = { min?: number | string; max?: number | string; matches?: { pattern: string; message: string } } & {
  maxSize?: number;
  fileTypes?: FileType[];
};
type Operator = 'equals' | 'oneOf' | 'includes' | 'answered';
const OPERATORS: { value: Operator; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'oneOf', label: 'is one of (comma-separated)' },
  { value: 'includes', label: 'includes (checkboxes)' },
  { value: 'answered', label: 'is answered' },
];

function conditionWith(condition: Condition, operator: Operator, value: string): Condition {
  const { field } = condition;
  if (operator === 'answered') return { field, answered: true };
  if (operator === 'oneOf') return { field, oneOf: value.split(',').map((v) => v.trim()) };
  return operator === 'equals' ? { field, equals: value } : { field, includes: value };
}

/**
 * Controls for every rule and setting of a field the forms engine supports (src/domain/forms,
 * decision 0047), beside the builder's label, key, type and required: help, placeholder, error
 * label, min/max, pattern, text transforms, options, upload size and types, who is asked, and a
 * dependent's condition. Each change is the same JSON the settings box shows; the engine checks
 * the whole definition when it is saved, so a control accepts what it is given (a maximum below
 * the minimum too) and the engine's message says what is wrong.
 */
export function FieldRuleControls({
  field,
  name,
  onChange,
}: {
  field: FormField;
  name: string;
  onChange(field: FormField): void;
}) {
  const settings = field as unknown as Record<string, unknown>;
  const rules = (settings.rules ?? {}) as Rules;
  const setRules = (patch: Partial<Rules>) => onChange(withSetting(field, 'rules', compact({ ...rules, ...patch })));
  const bounds = boundsOf(field.type);
  const answers = field.type !== 'description' && field.type !== 'dependent';
  const choices = includes(SINGLE_CHOICE_TYPES, field.type) || field.type === 'checkboxes';
  const textual = includes(TEXT_FIELD_TYPES, field.type);
  const options = (settings.options ?? []) as ChoiceOption[];
  const setOptions = (next: ChoiceOption[]) => onChange(withSetting(field, 'options', next));
  const textInput = (label: string, value: string | undefined, change: (value: string) => void) => (
    <label key={label} className="flex flex-col gap-1">
      <span>{label}</span>
      <input className="field-input mt-0" value={value ?? ''} onChange={(e) => change(e.target.value)} />
    </label>
  );

  return (
    <fieldset className="mt-2 flex flex-col gap-2 text-sm">
      <legend className="font-semibold text-slate-700">Rules of {name}</legend>
      {answers && (
        <div className="grid gap-2 sm:grid-cols-3">
          {(['help', 'placeholder', 'errorLabel'] as const).map((key) =>
            textInput(
              { help: 'Help text', placeholder: 'Placeholder', errorLabel: 'Name in error messages' }[key],
              settings[key] as string | undefined,
              (value) => onChange(withSetting(field, key, textOrUndefined(value))),
            ),
          )}
        </div>
      )}

      {bounds && (
        <div className="flex flex-wrap gap-2">
          {(['min', 'max'] as const).map((end) => (
            <label key={end} className="flex flex-col gap-1">
              <span>{bounds[end]}</span>
              <input
                className="field-input mt-0 w-40"
                type={bounds.kind === 'number' ? 'number' : 'text'}
                value={rules[end] ?? ''}
                onChange={(e) =>
                  setRules({
                    [end]:
                      bounds.kind === 'number' ? numberOrUndefined(e.target.value) : textOrUndefined(e.target.value),
                  })
                }
              />
            </label>
          ))}
        </div>
      )}

      {textual && (
        <div className="grid gap-2 sm:grid-cols-2">
          {textInput('Pattern (regular expression)', rules.matches?.pattern, (pattern) =>
            setRules({ matches: pattern ? { pattern, message: rules.matches?.message ?? '' } : undefined }),
          )}
          {textInput('Message when the pattern does not match', rules.matches?.message, (message) =>
            setRules({ matches: { pattern: rules.matches?.pattern ?? '', message } }),
          )}
        </div>
      )}

      {textual && field.type !== 'password' && (
        <Group label={`Transforms of ${name}`} className="flex flex-wrap gap-3">
          {TEXT_TRANSFORMS.map((transform) => (
            <label key={transform} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={((settings.transforms ?? []) as TextTransform[]).includes(transform)}
                onChange={(e) =>
                  onChange(
                    withSetting(
                      field,
                      'transforms',
                      nonEmpty(toggled(settings.transforms as TextTransform[], transform, e.target.checked)),
                    ),
                  )
                }
              />
              <span>{transform}</span>
            </label>
          ))}
        </Group>
      )}

      {choices && (
        <Group label={`Options of ${name}`} className="flex flex-col gap-1">
          {options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option's value is what is edited, so only its place names it
            <div key={i} className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1">
                <span>Option {i + 1} value</span>
                <input
                  className="field-input mt-0 font-mono"
                  value={option.value}
                  onChange={(e) => setOptions(options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)))}
                />
              </label>
              <label className="flex flex-col gap-1">
                <span>Option {i + 1} label</span>
                <input
                  className="field-input mt-0"
                  value={option.label}
                  onChange={(e) => setOptions(options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)))}
                />
              </label>
              <button
                type="button"
                className={`${small} text-red-800`}
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
              >
                Remove option {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className={`${small} self-start`}
            onClick={() => setOptions([...options, { value: '', label: '' }])}
          >
            Add an option
          </button>
        </Group>
      )}

      {includes(UPLOAD_FIELD_TYPES, field.type) && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1">
            <span>Largest file (bytes)</span>
            <input
              className="field-input mt-0 w-40"
              type="number"
              value={rules.maxSize ?? ''}
              onChange={(e) => setRules({ maxSize: numberOrUndefined(e.target.value) })}
            />
          </label>
          <Group label={`File types of ${name}`} className="flex flex-wrap gap-3">
            {FILE_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={rules.fileTypes?.includes(type) ?? false}
                  onChange={(e) => setRules({ fileTypes: toggled(rules.fileTypes, type, e.target.checked) })}
                />
                <span>{FILE_TYPE_LABELS[type]}</span>
              </label>
            ))}
          </Group>
        </div>
      )}

      {field.type === 'dependent' && (
        <Group label={`Condition of ${name}`} className="flex flex-wrap items-end gap-2">
          {textInput('Shown when the answer to (key)', field.when.field, (key) =>
            onChange({ ...field, when: { ...field.when, field: key } }),
          )}
          <label className="flex flex-col gap-1">
            <span>Condition</span>
            <select
              className="field-input mt-0"
              value={OPERATORS.find((o) => o.value in field.when)?.value}
              onChange={(e) =>
                onChange({
                  ...field,
                  when: conditionWith(field.when, e.target.value as Operator, conditionValue(field.when)),
                })
              }
            >
              {OPERATORS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          {!('answered' in field.when) &&
            textInput('Value', conditionValue(field.when), (value) =>
              onChange({
                ...field,
                when: conditionWith(field.when, OPERATORS.find((o) => o.value in field.when)?.value ?? 'equals', value),
              }),
            )}
        </Group>
      )}

      <Group label={`Who is asked ${name}`} className="flex flex-wrap gap-3">
        <span>Asked of (none ticked: everyone)</span>
        {MEMBER_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={field.memberKinds?.includes(kind) ?? false}
              onChange={(e) =>
                onChange(
                  withSetting(
                    field,
                    'memberKinds',
                    nonEmpty(toggled<MemberKind>(field.memberKinds, kind, e.target.checked)),
                  ),
                )
              }
            />
            <span>{kind}</span>
          </label>
        ))}
      </Group>
    </fieldset>
  );
}

/** A labelled group of controls (a fieldset, so screen readers announce what the boxes are for). */
function Group({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{label}</legend>
      {children}
    </fieldset>
  );
}

function conditionValue(condition: Condition): string {
  if ('equals' in condition) return condition.equals;
  if ('oneOf' in condition) return condition.oneOf.join(', ');
  if ('includes' in condition) return condition.includes;
  return '';
}
