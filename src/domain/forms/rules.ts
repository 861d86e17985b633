import type { Currency } from '../catalog/money.ts';
import { resolveDateBound, SPEC_DATE_BOUNDS } from './dates.ts';
import type {
  CheckboxesField,
  CurrencyField,
  DateField,
  NumberField,
  PasswordField,
  RangeField,
  RatingField,
  TextField,
  TimeField,
} from './definition.ts';
import { FORM_LIMITS } from './field-types.ts';

/**
 * A field's rules with their defaults filled in: what the schema checks and what the browser
 * puts on the control (maxLength, min, max, step), so both sides use the same numbers.
 */

export function textLength(field: TextField | PasswordField): { min: number; max: number } {
  return { min: field.rules?.min ?? 0, max: field.rules?.max ?? FORM_LIMITS.textMaxLength[field.type] };
}

export function numberBounds(field: NumberField): { min: number; max: number; decimals: number } {
  return {
    min: field.rules?.min ?? -FORM_LIMITS.numberAbsMax,
    max: field.rules?.max ?? FORM_LIMITS.numberAbsMax,
    decimals: field.decimals ?? 0,
  };
}

export function currencyBounds(field: CurrencyField): { min: number; max: number; currency: Currency } {
  return {
    min: field.rules?.min ?? 0,
    max: field.rules?.max ?? FORM_LIMITS.currencyMaxCents,
    currency: field.currency ?? 'USD',
  };
}

export function rangeBounds(field: RangeField): { min: number; max: number; step: number } {
  return {
    min: field.rules?.min ?? FORM_LIMITS.rangeDefaultMin,
    max: field.rules?.max ?? FORM_LIMITS.rangeDefaultMax,
    step: field.step ?? 1,
  };
}

/** Stars shown run from 1 to `max`; `min` is the lowest accepted. */
export function ratingBounds(field: RatingField): { min: number; max: number } {
  return { min: field.rules?.min ?? 1, max: field.rules?.max ?? FORM_LIMITS.ratingDefaultStars };
}

/** Each bound the rules leave out is SPEC.md §5's: 2000-01-01 and today. */
export function dateBounds(field: DateField): { min: string; max: string } {
  return { min: field.rules?.min ?? SPEC_DATE_BOUNDS.min, max: field.rules?.max ?? SPEC_DATE_BOUNDS.max };
}

/** The date bounds as ISO dates on `today`. */
export function resolvedDateBounds(field: DateField, today: string): { min: string; max: string } {
  const { min, max } = dateBounds(field);
  return { min: resolveDateBound(min, today), max: resolveDateBound(max, today) };
}

export function timeBounds(field: TimeField): { min: string; max: string } {
  return { min: field.rules?.min ?? '00:00', max: field.rules?.max ?? '23:59' };
}

/** Required means at least one choice. */
export function choiceCount(field: CheckboxesField): { min: number; max: number } {
  const min = Math.max(field.rules?.min ?? 0, field.required ? 1 : 0);
  return { min, max: field.rules?.max ?? field.options.length };
}
