import { useMemo } from 'react';
import { orderCountries } from '../../../../domain/countries/country.ts';
import { ISO_COUNTRY_CODES } from '../../../../domain/countries/iso-codes.ts';
import { countryName } from '../../../../domain/countries/names.ts';
import { autofillFor } from '../../../../domain/forms/autofill.ts';
import type {
  CheckboxesField,
  ChoiceOption,
  CountryField,
  OccupationField,
  RangeField,
  RatingField,
  SingleChoiceField,
} from '../../../../domain/forms/definition.ts';
import { OCCUPATIONS } from '../../../../domain/forms/occupations.ts';
import { rangeBounds, ratingBounds } from '../../../../domain/forms/rules.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { FieldShell, GroupShell } from './field-shell.tsx';
import { useAnswer } from './use-answer.ts';

const OCCUPATION_OPTIONS: ChoiceOption[] = OCCUPATIONS.map((o) => ({ value: o.value, label: o.label }));

/** The field's countries (default: all), India, the USA and Canada first, then A to Z (SPEC.md §7). */
function countryOptions(field: CountryField): ChoiceOption[] {
  const countries = (field.countries ?? ISO_COUNTRY_CODES).map((isoCode) => ({ isoCode, name: countryName(isoCode) }));
  return orderCountries(countries).map((c) => ({ value: c.isoCode, label: c.name }));
}

/** select, dropdown, country dropdown and occupation dropdown: the browser's own list box, good on phones. */
export function SelectControl({ field }: { field: SingleChoiceField | CountryField | OccupationField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const list = useMemo(
    () =>
      field.type === 'country dropdown'
        ? countryOptions(field)
        : field.type === 'occupation dropdown'
          ? OCCUPATION_OPTIONS
          : field.options,
    [field],
  );
  const autofill = autofillFor(field.key);
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <select
        {...aria}
        id={ids.id}
        name={field.key}
        ref={input.ref}
        value={typeof input.value === 'string' ? input.value : ''}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={input.onBlur}
        {...(autofill ? { autoComplete: autofill } : {})}
        className="field-input max-w-xl appearance-auto"
      >
        <option value="">{field.placeholder ?? 'Choose…'}</option>
        {list.map((o) => (
          // Country names come from each side's ICU data, which differ a little (Node: "Hong Kong SAR
          // China", Chromium: "Hong Kong"): the server's names stay until the next render.
          <option key={o.value} value={o.value} suppressHydrationWarning>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface OptionCardProps {
  type: 'radio' | 'checkbox';
  /** Prefix of the option's label and description ids. */
  id: string;
  name: string;
  option: ChoiceOption;
  /** The first option takes the field's ref, so a message can focus the group. */
  first: boolean;
  input: ReturnType<typeof useAnswer>['input'];
  checked: boolean;
  onCheck(on: boolean): void;
  invalid: true | undefined;
  className: string;
}

/** One option as a clickable card; its name is its label alone, its description describes it. */
function OptionCard({ type, id, name, option, first, input, checked, onCheck, invalid, className }: OptionCardProps) {
  return (
    <label className={className}>
      <input
        type={type}
        name={name}
        value={option.value}
        ref={first ? input.ref : undefined}
        checked={checked}
        onChange={(event) => onCheck(event.target.checked)}
        onBlur={input.onBlur}
        aria-invalid={invalid}
        aria-labelledby={`${id}-label`}
        aria-describedby={option.description ? `${id}-description` : undefined}
        className="mt-1 size-4 shrink-0 accent-brand-600 outline-none"
      />
      <span>
        <span id={`${id}-label`} className="block font-medium text-slate-900">
          {option.label}
        </span>
        {option.description ? (
          <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600">
            {option.description}
          </span>
        ) : null}
      </span>
    </label>
  );
}

const choiceCard =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-brand-500';

/** radio: a short row of choices (Yes / No); multiple choice: one card per option, with its description. */
export function RadioControl({ field }: { field: SingleChoiceField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const cards = field.type === 'multiple choice';
  return (
    <GroupShell field={field} ids={ids} error={error}>
      <div className={cards ? 'mt-2 grid gap-2.5' : 'mt-2 flex flex-wrap gap-2.5'}>
        {field.options.map((option, index) => (
          <OptionCard
            key={option.value}
            type="radio"
            id={`${ids.id}-${index}`}
            name={field.key}
            option={option}
            first={index === 0}
            input={input}
            checked={input.value === option.value}
            onCheck={() => input.onChange(option.value)}
            invalid={aria['aria-invalid']}
            className={cards ? choiceCard : `${choiceCard} min-w-24`}
          />
        ))}
      </div>
    </GroupShell>
  );
}

export function CheckboxesControl({ field }: { field: CheckboxesField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const picked: string[] = Array.isArray(input.value) ? input.value : [];
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...picked, value] : picked.filter((v) => v !== value);
    input.onChange(field.options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <GroupShell field={field} ids={ids} error={error}>
      <div className="mt-2 grid gap-2.5">
        {field.options.map((option, index) => (
          <OptionCard
            key={option.value}
            type="checkbox"
            id={`${ids.id}-${index}`}
            name={field.key}
            option={option}
            first={index === 0}
            input={input}
            checked={picked.includes(option.value)}
            onCheck={(on) => toggle(option.value, on)}
            invalid={aria['aria-invalid']}
            className={choiceCard}
          />
        ))}
      </div>
    </GroupShell>
  );
}

/** Stars as radio buttons: arrow keys move between them, each is named "N stars". */
export function RatingControl({ field }: { field: RatingField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const { max } = ratingBounds(field);
  const value = typeof input.value === 'number' ? input.value : 0;
  return (
    <GroupShell field={field} ids={ids} error={error}>
      <div className="mt-2 flex items-center gap-1">
        {Array.from({ length: max }, (_, i) => i + 1).map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-lg p-1 text-saffron-500 has-focus-visible:outline-3 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={field.key}
              value={stars}
              ref={stars === 1 ? input.ref : undefined}
              checked={value === stars}
              onChange={() => input.onChange(stars)}
              onBlur={input.onBlur}
              aria-invalid={aria['aria-invalid']}
              className="sr-only"
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <Icon name={stars <= value ? 'star-filled' : 'star'} className="size-8" />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value ? `${value} of ${max}` : 'Not rated yet'}
        </span>
      </div>
    </GroupShell>
  );
}

/** A slider; until it is moved the question counts as unanswered. */
export function RangeControl({ field }: { field: RangeField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const { min, max, step } = rangeBounds(field);
  const answered = typeof input.value === 'number';
  const value = answered ? (input.value as number) : min;
  const unit = field.unit ? ` ${field.unit}` : '';
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <div className="mt-3 flex max-w-xl items-center gap-4">
        <span className="text-sm text-slate-500" aria-hidden="true">
          {min}
        </span>
        <input
          {...aria}
          id={ids.id}
          name={field.key}
          ref={input.ref}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={answered ? `${value}${unit}` : 'Not chosen yet'}
          onChange={(event) => input.onChange(Number(event.target.value))}
          // Choosing the starting value moves nothing: a click or key on the untouched slider answers too.
          onClick={(event) => answered || input.onChange(Number(event.currentTarget.value))}
          onKeyUp={(event) => answered || input.onChange(Number(event.currentTarget.value))}
          onBlur={input.onBlur}
          className="h-2 flex-1 cursor-pointer accent-brand-600"
        />
        <span className="text-sm text-slate-500" aria-hidden="true">
          {max}
        </span>
      </div>
      <output htmlFor={ids.id} className="mt-2 block text-sm font-semibold text-slate-900">
        {answered ? `${value}${unit}` : 'Move the slider to choose'}
      </output>
    </FieldShell>
  );
}
