import { type ChangeEvent, type InputHTMLAttributes, type Ref, useRef } from 'react';
import type { Country } from '../../../domain/countries/country.ts';
import { PHONE_MIN_DIGITS, PHONE_TYPED_MAX_LENGTH } from '../../../domain/limits/constants.ts';
import { nationalDigits } from '../../../domain/phone/national-digits.ts';
import { type CountryChoice, CountryCodePicker } from './country-code-picker.tsx';
import { NATIONAL_PHONE_INPUT } from './input-presets.ts';

/** libphonenumber and its metadata (~20 KB gzipped): loaded when a number is typed, never on first load. */
const loadPhoneCountry = () => import('../../../domain/phone/phone-country.ts');

export interface PhoneInputProps {
  /** Ties the number to its label, and both controls to the hint and the error. */
  field: { id: string; 'aria-invalid'?: boolean | undefined; 'aria-describedby'?: string | undefined };
  countries: readonly Country[];
  /** The dial code and the country it stands for (+1 is both the USA and Canada). */
  country: CountryChoice;
  onCountryChange(choice: CountryChoice): void;
  /** The number input's own attributes: react-hook-form's `register('phone')`, or a name and default value. */
  number: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
    ref?: Ref<HTMLInputElement>;
    onChange?: (event: ChangeEvent<HTMLInputElement>) => unknown;
  };
  codeInvalid?: boolean;
  placeholder?: string | undefined;
  /** In a form posted as it is (it works without JavaScript), the fields that carry the picker's choice. */
  postedAs?: { code: string; country: string };
}

/**
 * A phone as every form takes it (sign-up, profile, addresses, contact): a searchable country
 * picker beside the national number. Until the visitor picks a country themselves, a number whose
 * digits belong to another country with the same dial code moves the picker there (416 … is
 * Canada, not the United States), so what is sent and kept is the phone's real country.
 */
export function PhoneInput({
  field,
  countries,
  country,
  onCountryChange,
  number,
  codeInvalid = false,
  placeholder,
  postedAs,
}: PhoneInputProps) {
  const picked = useRef(false);
  const latest = useRef(country);
  latest.current = country;

  function followDigits(digits: string) {
    if (picked.current || digits.length < PHONE_MIN_DIGITS) return;
    const { code } = latest.current;
    void loadPhoneCountry().then(({ countryFromDigits }) => {
      const isoCode = countryFromDigits(`${code}-${digits}`);
      const now = latest.current;
      if (!isoCode || picked.current || now.code !== code || now.isoCode === isoCode) return;
      if (countries.some((c) => c.isoCode === isoCode && c.code === code)) onCountryChange({ code, isoCode });
    });
  }

  return (
    <div className="mt-1.5 flex gap-2">
      <CountryCodePicker
        countries={countries}
        value={country}
        onChange={(choice) => {
          picked.current = true;
          onCountryChange(choice);
        }}
        aria-invalid={codeInvalid}
        aria-describedby={field['aria-describedby']}
      />
      {postedAs ? (
        <>
          <input type="hidden" name={postedAs.code} value={country.code} />
          <input type="hidden" name={postedAs.country} value={country.isoCode} />
        </>
      ) : null}
      <input
        {...field}
        {...number}
        onChange={(event) => {
          // Kept as digits (SPEC.md §5), whatever was typed, pasted or filled in.
          const digits = nationalDigits(event.target.value, latest.current.code);
          if (digits !== event.target.value) event.target.value = digits;
          void number.onChange?.(event);
          followDigits(digits);
        }}
        onFocus={() => void loadPhoneCountry()}
        {...NATIONAL_PHONE_INPUT}
        maxLength={PHONE_TYPED_MAX_LENGTH}
        placeholder={placeholder}
        className="field-input mt-0 min-w-0 flex-1"
      />
    </div>
  );
}
