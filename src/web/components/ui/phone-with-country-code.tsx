import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import type { Country } from '../../../domain/countries/country.ts';
import { COUNTRY_CODE_MAX_LENGTH } from '../../../domain/limits/constants.ts';
import type { FieldControlProps } from './labelled-control.tsx';
import { PhoneInput } from './phone-input.tsx';

interface PhoneWithCountryCodeProps<T extends FieldValues> {
  /** From FormField: ties the number to the label, and both controls to the hint and error. */
  field: FieldControlProps;
  /** The form's control; the dial code is its `codeName` field. */
  control: Control<T>;
  /** The form field holding the dial code: `countryCode` unless named otherwise. */
  codeName?: Path<T>;
  /** `register('phone')` of the same form. */
  phone: UseFormRegisterReturn;
  countries: readonly Country[];
  /** Which country the code stands for (+1 is both the USA and Canada): sent with the phone as `phoneCountry`. */
  isoCode: string;
  onIsoCodeChange(isoCode: string): void;
  codeInvalid: boolean;
  placeholder?: string;
}

/** A phone number in a react-hook-form form: the country's dial code beside the national number. */
export function PhoneWithCountryCode<T extends FieldValues>({
  field,
  control,
  codeName = 'countryCode' as Path<T>,
  phone,
  countries,
  isoCode,
  onIsoCodeChange,
  codeInvalid,
  placeholder,
}: PhoneWithCountryCodeProps<T>) {
  return (
    <Controller
      control={control}
      name={codeName}
      render={({ field: code }) => (
        <PhoneInput
          field={field}
          countries={countries}
          country={{ code: code.value, isoCode }}
          onCountryChange={(choice) => {
            onIsoCodeChange(choice.isoCode);
            code.onChange(choice.code.slice(0, COUNTRY_CODE_MAX_LENGTH));
          }}
          number={phone}
          codeInvalid={codeInvalid}
          placeholder={placeholder}
        />
      )}
    />
  );
}
