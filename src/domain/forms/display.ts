import { formatMoney } from '../catalog/money.ts';
import { countryName } from '../countries/names.ts';
import type { AnswerValue } from './answers.ts';
import { formatFormDate, formatFormTime } from './dates.ts';
import type { AnswerField } from './definition.ts';
import type { FileRef } from './files.ts';
import { occupationLabel } from './occupations.ts';
import { currencyBounds, ratingBounds } from './rules.ts';

const MASK = '••••••••';

function optionLabel(field: AnswerField, value: string): string {
  return ('options' in field ? field.options.find((o) => o.value === value)?.label : undefined) ?? value;
}

/**
 * A stored answer as a person reads it (review page, order page, staff): option labels instead
 * of values, dates and money written out, country and occupation names, a file's name; a
 * password is never shown.
 */
export function displayAnswer(field: AnswerField, value: AnswerValue): string {
  switch (field.type) {
    case 'password':
      return MASK;
    case 'number':
    case 'range':
      return field.unit ? `${value} ${field.unit}` : String(value);
    case 'currency':
      return formatMoney({ amountCents: Number(value), currency: currencyBounds(field).currency });
    case 'rating':
      return `${value} of ${ratingBounds(field).max}`;
    case 'date':
      return formatFormDate(String(value));
    case 'time':
      return formatFormTime(String(value));
    case 'select':
    case 'dropdown':
    case 'radio':
    case 'multiple choice':
      return optionLabel(field, String(value));
    case 'checkboxes':
      return (Array.isArray(value) ? value : []).map((v) => optionLabel(field, v)).join(', ');
    case 'country dropdown':
      return countryName(String(value));
    case 'occupation dropdown':
      return occupationLabel(String(value)) ?? String(value);
    case 'file upload':
    case 'image upload':
      return (value as FileRef).name;
    default:
      return String(value);
  }
}
