import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import {
  countryCodeSchema,
  joinPhone,
  personName,
  phoneNumberSchema,
  splitPhone,
} from '../../../domain/auth/schemas.ts';
import { USER_MESSAGES } from '../../../domain/users/messages.ts';
import { AGE_GROUPS, type Profile } from '../../../domain/users/profile.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { PhoneWithCountryCode } from '../../components/ui/phone-with-country-code.tsx';
import { accountKeys, getProfile, updateProfile } from '../../lib/account-api.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { putAnswer } from '../../lib/query-client.tsx';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { useCountries } from '../../lib/use-countries.ts';
import { TabPanel } from './tab-panel.tsx';

/** The General tab as the browser checks it: the shared name and phone rules, and an age group. */
const generalSchema = z.object({
  name: personName,
  countryCode: countryCodeSchema,
  phone: phoneNumberSchema,
  ageGroup: z.union([z.enum(AGE_GROUPS, { error: USER_MESSAGES.invalidAgeGroup }), z.literal('')]),
});
type GeneralInput = z.input<typeof generalSchema>;

export function GeneralTab() {
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: async () => (await getProfile()).data });
  return (
    <TabPanel
      title="General"
      lead="Your name as on your passport, a phone number we can reach you on, and your age group."
    >
      {profile.isError ? (
        <LoadError what="your profile" onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <GeneralForm
          key={[profile.data.phone, profile.data.phoneCountry, profile.data.name, profile.data.ageGroup].join('|')}
          profile={profile.data}
        />
      ) : (
        <LoadingStatus>Loading your profile…</LoadingStatus>
      )}
    </TabPanel>
  );
}

function GeneralForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const countries = useCountries();
  const [code, number] = splitPhone(profile.phone);
  // The country kept with the phone: +1 alone would read as the first +1 country, the United States.
  const [savedIso] = useState(() => profile.phoneCountry ?? countries.find((c) => c.code === code)?.isoCode ?? 'US');
  const [countryIso, setCountryIso] = useState(savedIso);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty: fieldsChanged },
  } = useForm<GeneralInput>({
    resolver: zodResolver(generalSchema),
    defaultValues: { name: profile.name, countryCode: code, phone: number, ageGroup: profile.ageGroup ?? '' },
    mode: 'onTouched',
  });

  // Canada and the United States share +1: picking the other one changes the phone too.
  const isDirty = fieldsChanged || countryIso !== savedIso;

  const submit = handleSubmit(async (values) => {
    try {
      const { data, message } = await updateProfile({
        name: values.name,
        phone: joinPhone(values.countryCode, values.phone),
        phoneCountry: countryIso,
        ageGroup: values.ageGroup === '' ? null : values.ageGroup,
      });
      await putAnswer(queryClient, accountKeys.profile, data);
      const session = useSessionStore.getState();
      if (session.user)
        session.setUser({ ...session.user, name: data.name, phone: data.phone, ageGroup: data.ageGroup });
      showToast(message);
      await revalidate();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (name === 'name' || name === 'phone' || name === 'ageGroup')
            setError(name as FieldPath<GeneralInput>, { message });
          else if (name === 'phoneCountry') setError('countryCode', { message });
        }
      }
      toastError(errorMessage(error, 'Your profile could not be saved. Please try again.'));
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="grid max-w-2xl gap-5">
      <FormField label="Full Name" error={errors.name?.message}>
        {(c) => <input type="text" {...c} {...register('name')} autoComplete="name" className="field-input" />}
      </FormField>

      <FormField label="Email" hint="Your e-mail address identifies your account and cannot be changed here.">
        {(c) => <input {...c} value={profile.email} readOnly className="field-input bg-slate-50 text-slate-700" />}
      </FormField>

      <FormField label="Phone" error={errors.countryCode?.message ?? errors.phone?.message}>
        {(c) => (
          <PhoneWithCountryCode
            field={c}
            control={control}
            phone={register('phone')}
            countries={countries}
            isoCode={countryIso}
            onIsoCodeChange={setCountryIso}
            codeInvalid={Boolean(errors.countryCode)}
          />
        )}
      </FormField>

      <FormField
        label="Age group"
        error={errors.ageGroup?.message}
        hint="Optional. Each applicant’s date of birth is asked on their own application."
      >
        {(c) => (
          <select {...c} {...register('ageGroup')} className="field-input">
            <option value="">Choose your age group</option>
            {AGE_GROUPS.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <div>
        <button
          type="submit"
          disabled={isSubmitting || !isDirty}
          className="btn-primary px-6 py-3 disabled:opacity-60 disabled:shadow-none"
        >
          {isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
          Save changes
        </button>
      </div>
    </form>
  );
}
