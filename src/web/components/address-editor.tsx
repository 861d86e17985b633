import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { joinPhone, splitPhone } from '../../domain/auth/schemas.ts';
import {
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  type Address,
  type AddressInput,
  type AddressType,
  addressInputSchema,
} from '../../domain/users/address.ts';
import { isLookupCode, lookupPostalCode } from '../../domain/users/postal-lookup.ts';
import {
  ADDRESS_COUNTRIES,
  type AddressCountry,
  CA_PROVINCES,
  COUNTRY_NAMES,
  US_STATES,
} from '../../domain/users/regions.ts';
import { createAddress, saveAddress } from '../lib/account-api.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { forgetTabDraft, readTabDraft, writeTabDraft } from '../lib/tab-draft.ts';
import { showToast, toastError } from '../lib/toast.ts';
import { useCountries } from '../lib/use-countries.ts';
import { Icon } from './ui/icon.tsx';
import { FormField } from './ui/labelled-control.tsx';
import { PhoneWithCountryCode } from './ui/phone-with-country-code.tsx';

interface AddressForm {
  type: AddressType;
  fullName: string;
  addressLine: string;
  city: string;
  country: AddressCountry;
  state: string;
  postalCode: string;
  phoneCode: string;
  /** The country the dial code stands for ('CA'), sent as phoneCountry. */
  phoneCountry: string;
  phoneNumber: string;
  additionalInfo: string;
  isDefault: boolean;
}

export function toPayload(form: AddressForm): AddressInput {
  const number = form.phoneNumber.trim();
  return {
    type: form.type,
    fullName: form.fullName,
    addressLine: form.addressLine,
    city: form.city,
    country: form.country,
    state: form.state,
    postalCode: form.postalCode,
    phone: number ? joinPhone(form.phoneCode, number) : null,
    phoneCountry: number ? form.phoneCountry : null,
    additionalInfo: form.additionalInfo.trim() || null,
    isDefault: form.isDefault,
  };
}

/** The form field an API or schema message about `path` is shown under (phone messages: under the number). */
function fieldOf(path: string): keyof AddressForm {
  return (path === 'phone' || path === 'phoneCountry' ? 'phoneNumber' : path) as keyof AddressForm;
}

/** The shared address rule (src/domain/users/address.ts), its phone messages shown under the phone number. */
const resolver: Resolver<AddressForm> = async (values) => {
  const result = addressInputSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<AddressForm> = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field = fieldOf(path);
    if (!errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

function emptyForm(isFirst: boolean): AddressForm {
  return {
    type: 'home',
    fullName: '',
    addressLine: '',
    city: '',
    country: 'US',
    state: '',
    postalCode: '',
    phoneCode: '+1',
    phoneCountry: 'US',
    phoneNumber: '',
    additionalInfo: '',
    isDefault: isFirst,
  };
}

/** A new address typed earlier in this tab (`draftKey`), over the empty form; what does not fit is dropped. */
function draftOver(empty: AddressForm, draftKey: string | undefined): AddressForm {
  const kept = draftKey ? readTabDraft(draftKey) : null;
  if (typeof kept !== 'object' || kept === null) return empty;
  const form: Record<string, unknown> = { ...empty };
  for (const [key, value] of Object.entries(kept)) {
    if (key in empty && typeof value === typeof form[key] && (typeof value !== 'string' || value.length <= 500)) {
      form[key] = value;
    }
  }
  const draft = form as unknown as AddressForm;
  const known = (ADDRESS_COUNTRIES as readonly string[]).includes(draft.country);
  const type = (ADDRESS_TYPES as readonly string[]).includes(draft.type);
  return known && type ? draft : empty;
}

function formOf(address: Address): AddressForm {
  const [phoneCode, phoneNumber] = address.phone ? splitPhone(address.phone) : ['+1', ''];
  return {
    type: address.type,
    fullName: address.fullName,
    addressLine: address.addressLine,
    city: address.city,
    country: address.country,
    state: address.state,
    postalCode: address.postalCode,
    phoneCode,
    phoneCountry: address.phoneCountry ?? 'US',
    phoneNumber,
    additionalInfo: address.additionalInfo ?? '',
    isDefault: address.isDefault,
  };
}

/**
 * One address of the book, new or edited (the profile's Address tab, the photo order's delivery
 * step). The ZIP or postal code fills the city and state or province where the offline table
 * knows them (src/domain/users/postal-lookup.ts), leaving what the customer typed otherwise.
 */
export function AddressEditor({
  address,
  isFirst,
  onDone,
  onCancel,
  draftKey,
  saveLabel = 'Save address',
  cancelLabel = 'Cancel',
}: {
  address: Address | null;
  isFirst: boolean;
  /** Saved: the address as the server stored it. */
  onDone(saved: Address): void;
  onCancel(): void;
  /**
   * Keeps a new address as typed in this tab under this key until it is saved (a step of an
   * order's flow, left and come back to, keeps it).
   */
  draftKey?: string;
  saveLabel?: string;
  cancelLabel?: string;
}) {
  const countries = useCountries();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressForm>({
    resolver,
    defaultValues: address ? formOf(address) : draftOver(emptyForm(isFirst), draftKey),
    mode: 'onTouched',
  });
  useEffect(() => {
    if (address || !draftKey) return;
    const subscription = watch((values) => writeTabDraft(draftKey, values));
    return () => subscription.unsubscribe();
  }, [address, draftKey, watch]);
  const country = watch('country');
  const regions = country === 'US' ? US_STATES : CA_PROVINCES;
  const [filled, setFilled] = useState<string | null>(null);
  // The city this fill last put in: the code may replace it, never a city the customer typed.
  const cityFilled = useRef<string | null>(null);
  // The code's city and state or province, when the table knows them; the customer can change both.
  // A prefix names its area's main city only (945… is Fremont and Hayward too), so a typed city stays.
  const fillFromCode = (code: string) => {
    const found = isLookupCode(country, code) ? lookupPostalCode(country, code) : null;
    if (!found) return setFilled(null);
    setValue('state', found.state, { shouldValidate: true });
    const typed = getValues('city').trim();
    const city = typed === '' || typed === cityFilled.current ? found.city : null;
    if (city) {
      setValue('city', city, { shouldValidate: true });
      cityFilled.current = city;
    }
    setFilled(city ? `${city}, ${found.state}` : found.state);
  };

  const submit = handleSubmit(async (values) => {
    try {
      const payload = toPayload(values);
      const { message, data } = address ? await saveAddress(address.id, payload) : await createAddress(payload);
      showToast(message);
      if (draftKey) forgetTabDraft(draftKey);
      onDone(data);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          setError(fieldOf(name), { message });
        }
      }
      toastError(errorMessage(error, 'The address could not be saved. Please try again.'));
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      className="grid gap-5"
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <h3 className="text-lg font-semibold text-slate-900">{address ? 'Edit address' : 'New address'}</h3>
      <fieldset>
        <legend className="field-label">Address type</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {ADDRESS_TYPES.map((type) => (
            <label
              key={type}
              className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800"
            >
              <input type="radio" value={type} {...register('type')} className="accent-brand-600" />
              {ADDRESS_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" error={errors.fullName?.message} className="sm:col-span-2">
          {(c) => <input type="text" {...c} {...register('fullName')} autoComplete="name" className="field-input" />}
        </FormField>
        <FormField label="Address" error={errors.addressLine?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('addressLine')} autoComplete="street-address" className="field-input" />}
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          {(c) => <input {...c} {...register('city')} autoComplete="address-level2" className="field-input" />}
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          {(c) => (
            <select
              {...c}
              {...register('country', { onChange: () => setValue('state', '') })}
              autoComplete="country"
              className="field-input"
            >
              {(Object.keys(COUNTRY_NAMES) as AddressCountry[]).map((code) => (
                <option key={code} value={code}>
                  {COUNTRY_NAMES[code]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={country === 'US' ? 'State' : 'Province or territory'} error={errors.state?.message}>
          {(c) => (
            <select {...c} {...register('state')} autoComplete="address-level1" className="field-input">
              <option value="">Choose…</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={country === 'US' ? 'ZIP code' : 'Postal code'} error={errors.postalCode?.message}>
          {(c) => (
            <input
              {...c}
              // Filled as soon as the code says where (a ZIP prefix, an FSA), while the field has focus: filled on
              // leaving it, the line below appeared under the finger on its way to Save and took the tap.
              {...register('postalCode', { onChange: (event) => fillFromCode(event.target.value) })}
              autoComplete="postal-code"
              className="field-input"
            />
          )}
        </FormField>
        <p role="status" className="text-sm text-slate-600 sm:col-span-2 empty:hidden">
          {filled ? `Filled from the code: ${filled}. Change them if they are not right.` : ''}
        </p>
        <FormField label="Phone (optional)" error={errors.phoneNumber?.message} className="sm:col-span-2">
          {(c) => (
            <PhoneWithCountryCode
              field={c}
              control={control}
              codeName="phoneCode"
              phone={register('phoneNumber')}
              countries={countries}
              isoCode={watch('phoneCountry')}
              onIsoCodeChange={(iso) => setValue('phoneCountry', iso, { shouldDirty: true })}
              codeInvalid={false}
            />
          )}
        </FormField>
        <FormField label="Delivery notes (optional)" error={errors.additionalInfo?.message} className="sm:col-span-2">
          {(c) => <textarea {...c} {...register('additionalInfo')} rows={2} className="field-input" />}
        </FormField>
      </div>
      <label className="inline-flex items-center gap-3 text-sm font-medium text-slate-800">
        <input type="checkbox" {...register('isDefault')} disabled={isFirst} className="size-5 accent-brand-600" />
        Make this my default address
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSubmitting} className="btn-primary px-6 py-3 disabled:opacity-60">
          {isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
          {saveLabel}
        </button>
        <button type="button" onClick={onCancel} className="btn-outline px-5 py-3">
          {cancelLabel}
        </button>
      </div>
    </form>
  );
}
