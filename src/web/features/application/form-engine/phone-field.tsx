import { useState } from 'react';
import type { PhoneField } from '../../../../domain/forms/definition.ts';
import { PHONE_TYPED_MAX_LENGTH } from '../../../../domain/limits/constants.ts';
import { nationalDigits } from '../../../../domain/phone/national-digits.ts';
import { CountryCodePicker } from '../../../components/ui/country-code-picker.tsx';
import { NATIONAL_PHONE_INPUT } from '../../../components/ui/input-presets.ts';
import { useCountries } from '../../../lib/use-countries.ts';
import { FieldShell } from './field-shell.tsx';
import { useAnswer, useTypedText } from './use-answer.ts';

interface PhoneParts {
  code: string;
  number: string;
}

function splitPhone(value: unknown, fallbackCode: string): PhoneParts {
  const match = typeof value === 'string' ? /^(\+\d{1,6})-(.*)$/.exec(value.trim()) : null;
  return match ? { code: match[1] ?? fallbackCode, number: match[2] ?? '' } : { code: fallbackCode, number: '' };
}

/** SPEC.md §3 phones: the dial code, a hyphen, the number ('+1-4155550123'); no number, no answer. */
function joinPhone({ code, number }: PhoneParts): string {
  return number.trim() === '' ? '' : `${code}-${number.trim()}`;
}

/** The searchable dial-code picker of sign-up beside the national number. */
export function PhoneControl({ field }: { field: PhoneField }) {
  const { input, error, ids, aria } = useAnswer(field);
  const countries = useCountries();
  const defaultIso = field.defaultCountry ?? 'US';
  const defaultCode = countries.find((c) => c.isoCode === defaultIso)?.code ?? '+1';
  const [isoCode, setIsoCode] = useState(defaultIso);
  const [parts, setParts] = useTypedText(input.value, (v) => splitPhone(v, defaultCode), joinPhone);
  const update = (next: PhoneParts) => {
    setParts(next);
    input.onChange(joinPhone(next));
  };
  return (
    <FieldShell field={field} ids={ids} error={error}>
      <div className="mt-1.5 flex max-w-md gap-2">
        <CountryCodePicker
          countries={countries}
          value={{ code: parts.code, isoCode }}
          onChange={(choice) => {
            setIsoCode(choice.isoCode);
            update({ ...parts, code: choice.code });
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={aria['aria-describedby']}
        />
        <input
          {...aria}
          {...NATIONAL_PHONE_INPUT}
          id={ids.id}
          name={field.key}
          ref={input.ref}
          maxLength={PHONE_TYPED_MAX_LENGTH}
          value={parts.number}
          placeholder={field.placeholder}
          onChange={(event) => update({ ...parts, number: nationalDigits(event.target.value, parts.code) })}
          onBlur={input.onBlur}
          className="field-input mt-0 min-w-0 flex-1"
        />
      </div>
    </FieldShell>
  );
}
