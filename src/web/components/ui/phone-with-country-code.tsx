import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import type { Country } from '../../../domain/countries/country.ts';
import { COUNTRY_CODE_MAX_LENGTH, PHONE_MAX_DIGITS } from '../../../domain/limits/constants.ts';
import { CountryCodePicker } from './country-code-picker.tsx';
import type { FieldControlProps } from './labelled-control.tsx';

interface PhoneWithCountryCodeProps<T extends FieldValues> {
  /** From FormField: ties the number to the label, and both controls to the hint and error. */
  field: FieldControlProps;
  /** The form's control; the dial code is its `countryCode` field. */
  control: Control<T>;
  /** `register('phone')` of the same form. */
  phone: UseFormRegisterReturn;
  countries: readonly Country[];
  /** Which country the code stands for (+1 is both the USA and Canada). */
  isoCode: string;
  onIsoCodeChange(isoCode: string): void;
  codeInvalid: boolean;
  placeholder?: string;
}

/** A phone number as the account forms take it: the country's dial code beside the national number. */
export function PhoneWithCountryCode<T extends FieldValues>({
  field,
  control,
  phone,
  countries,
  isoCode,
  onIsoCodeChange,
  codeInvalid,
  placeholder,
}: PhoneWithCountryCodeProps<T>) {
  return (
    <div className="mt-1.5 flex gap-2">
      <Controller
        control={control}
        name={'countryCode' as Path<T>}
        render={({ field: code }) => (
          <CountryCodePicker
            countries={countries}
            value={{ code: code.value, isoCode }}
            onChange={(choice) => {
              onIsoCodeChange(choice.isoCode);
              code.onChange(choice.code.slice(0, COUNTRY_CODE_MAX_LENGTH));
            }}
            aria-invalid={codeInvalid}
            aria-describedby={field['aria-describedby']}
          />
        )}
      />
      <input
        {...field}
        {...phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_MAX_DIGITS}
        placeholder={placeholder}
        className="field-input mt-0 min-w-0 flex-1"
      />
    </div>
  );
}
