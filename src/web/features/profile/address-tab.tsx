import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { joinPhone, splitPhone } from '../../../domain/auth/schemas.ts';
import {
  ADDRESS_TYPES,
  type Address,
  type AddressInput,
  type AddressType,
  addressInputSchema,
} from '../../../domain/users/address.ts';
import { type AddressCountry, CA_PROVINCES, COUNTRY_NAMES, US_STATES } from '../../../domain/users/regions.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PhoneWithCountryCode } from '../../components/ui/phone-with-country-code.tsx';
import {
  accountKeys,
  createAddress,
  deleteAddress,
  getAddresses,
  makeDefaultAddress,
  saveAddress,
} from '../../lib/account-api.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { useCountries } from '../../lib/use-countries.ts';
import { TabPanel } from './tab-panel.tsx';

const TYPE_LABELS: Record<AddressType, string> = { home: 'Home', work: 'Work', other: 'Other' };

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

/** The Address tab: the address book, with one default address (US and Canada). */
export function AddressTab() {
  const queryClient = useQueryClient();
  const addresses = useQuery({
    queryKey: accountKeys.addresses,
    queryFn: async () => (await getAddresses()).data.results,
  });
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses });

  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: ({ message }) => {
      showToast(message);
      setConfirming(null);
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, 'The address could not be deleted. Please try again.')),
  });
  const makeDefault = useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: ({ message }) => {
      showToast(message);
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, 'The default address could not be changed. Please try again.')),
  });

  const list = addresses.data ?? [];

  return (
    <TabPanel title="Address" lead="Where we send printed photos and returned documents. One address is your default.">
      {addresses.isError ? (
        <LoadError what="your addresses" onRetry={() => void addresses.refetch()} />
      ) : addresses.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Icon name="loader-circle" className="size-5 animate-spin" />
          Loading your addresses…
        </p>
      ) : editing ? (
        <AddressEditor
          address={editing === 'new' ? null : editing}
          isFirst={list.length === 0}
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <>
          {list.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
              <Icon name="map-pin" className="mx-auto size-9 text-slate-400" />
              <p className="mt-3 font-semibold text-slate-900">No saved addresses yet</p>
              <p className="mt-1 text-sm text-slate-600">Add one now and it becomes your default address.</p>
            </div>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {list.map((address) => (
                <li
                  key={address.id}
                  className="flex flex-col rounded-2xl border border-slate-200 p-4"
                  aria-label={`${TYPE_LABELS[address.type]} address of ${address.fullName}`}
                >
                  <div className="flex items-center gap-2">
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                      {TYPE_LABELS[address.type]}
                    </span>
                    {address.isDefault ? (
                      <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                        Default
                      </span>
                    ) : null}
                  </div>
                  <address className="mt-3 text-sm leading-relaxed text-slate-700 not-italic">
                    <span className="font-semibold text-slate-900">{address.fullName}</span>
                    <br />
                    {address.addressLine}
                    <br />
                    {address.city}, {address.state} {address.postalCode}
                    <br />
                    {COUNTRY_NAMES[address.country]}
                    {address.phone ? (
                      <>
                        <br />
                        {address.phone}
                      </>
                    ) : null}
                  </address>
                  {address.additionalInfo ? (
                    <p className="mt-2 text-sm text-slate-600">{address.additionalInfo}</p>
                  ) : null}
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    {confirming === address.id ? (
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="font-medium text-slate-800">Delete this address?</span>
                        <button
                          type="button"
                          onClick={() => remove.mutate(address.id)}
                          disabled={remove.isPending}
                          className="rounded-lg bg-red-600 px-3 py-1.5 font-semibold text-white hover:bg-red-700"
                        >
                          Delete
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(null)}
                          className="rounded-lg px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-100"
                        >
                          Keep
                        </button>
                      </div>
                    ) : (
                      <>
                        <button type="button" onClick={() => setEditing(address)} className="address-action">
                          <Icon name="pencil" className="size-4" />
                          Edit
                        </button>
                        <button type="button" onClick={() => setConfirming(address.id)} className="address-action">
                          <Icon name="trash-2" className="size-4" />
                          Delete
                        </button>
                        {address.isDefault ? null : (
                          <button
                            type="button"
                            onClick={() => makeDefault.mutate(address.id)}
                            disabled={makeDefault.isPending}
                            className="address-action"
                          >
                            <Icon name="check" className="size-4" />
                            Set as default
                          </button>
                        )}
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="btn-primary mt-6 px-5 py-2.5 text-[0.95rem]"
          >
            <Icon name="plus" className="size-4" />
            Add address
          </button>
        </>
      )}
    </TabPanel>
  );
}

function AddressEditor({
  address,
  isFirst,
  onDone,
  onCancel,
}: {
  address: Address | null;
  isFirst: boolean;
  onDone(): void;
  onCancel(): void;
}) {
  const countries = useCountries();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressForm>({
    resolver,
    defaultValues: address ? formOf(address) : emptyForm(isFirst),
    mode: 'onTouched',
  });
  const country = watch('country');
  const regions = country === 'US' ? US_STATES : CA_PROVINCES;

  const submit = handleSubmit(async (values) => {
    try {
      const payload = toPayload(values);
      const { message } = address ? await saveAddress(address.id, payload) : await createAddress(payload);
      showToast(message);
      onDone();
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
              {TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" error={errors.fullName?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('fullName')} autoComplete="name" className="field-input" />}
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
          {(c) => <input {...c} {...register('postalCode')} autoComplete="postal-code" className="field-input" />}
        </FormField>
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
          Save address
        </button>
        <button type="button" onClick={onCancel} className="btn-outline px-5 py-3">
          Cancel
        </button>
      </div>
    </form>
  );
}
