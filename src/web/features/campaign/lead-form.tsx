import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import { type CampaignId, LEAD_NOTE_MAX_LENGTH } from '../../../domain/marketing/campaigns.ts';
import { FormAlert, HoneypotField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import type { LeadActionData } from './lead-fields.ts';

/** The campaign pages' call-back form; on success the action sends the visitor to the thank-you page. */
export function LeadForm({
  campaign,
  title,
  today,
  result,
}: {
  campaign: CampaignId;
  title: string;
  today: string;
  result: LeadActionData | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const values = result?.values;
  const errors = result?.errors ?? {};

  useEffect(() => {
    if (result) document.querySelector<HTMLElement>('#lead-form [aria-invalid="true"], #lead-form-alert')?.focus();
  }, [result]);

  return (
    <Form
      id="lead-form"
      method="post"
      noValidate
      aria-labelledby="lead-form-title"
      className="relative grid gap-5 rounded-2xl bg-white p-6 text-slate-800 shadow-2xl shadow-brand-900/30 sm:p-8"
    >
      <div>
        <h2 id="lead-form-title" className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">No payment now. A specialist calls you within one business day.</p>
      </div>
      {result ? (
        <div id="lead-form-alert" tabIndex={-1} className="outline-none">
          <FormAlert tone="error">{result.message}</FormAlert>
        </div>
      ) : null}
      <input type="hidden" name="campaign" value={campaign} />
      <TextField name="name" label="Full name" autoComplete="name" defaultValue={values?.name} error={errors.name} />
      <TextField
        name="email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        defaultValue={values?.email}
        error={errors.email}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={values?.phone}
          error={errors.phone}
        />
        <TextField
          name="travelDate"
          label="Travel date"
          type="date"
          min={today}
          required={false}
          defaultValue={values?.travelDate}
          error={errors.travelDate}
        />
      </div>
      <TextAreaField
        name="message"
        label="Anything we should know?"
        rows={3}
        required={false}
        maxLength={LEAD_NOTE_MAX_LENGTH}
        placeholder="For example: two adults with US passports, arriving in Delhi."
        defaultValue={values?.message}
        error={errors.message}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      <button type="submit" disabled={sending} className="btn-primary w-full disabled:opacity-70">
        {sending ? 'Sending…' : 'Request my call back'}
        <Icon name={sending ? 'loader-circle' : 'phone'} className={sending ? 'size-5 animate-spin' : 'size-5'} />
      </button>
      <p className="text-center text-xs text-slate-600">
        We use your details only to call you about this trip. SevaDocs is a private company, not a government agency.
      </p>
    </Form>
  );
}
