import { Form } from 'react-router';
import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import { type CampaignId, LEAD_NOTE_MAX_LENGTH } from '../../../domain/marketing/campaigns.ts';
import {
  FormRejectionAlert,
  HoneypotField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx';
import { EMAIL_INPUT, PHONE_INPUT } from '../../components/ui/input-presets.ts';
import { usePostedForm } from '../../lib/use-posted-form.ts';
import type { LeadActionData } from './lead-fields.ts';

const FORM_ID = 'lead-form';

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
  const { sending, failed, values, errors } = usePostedForm(FORM_ID, result);

  return (
    <Form
      id={FORM_ID}
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
      <FormRejectionAlert formId={FORM_ID} message={failed?.message} />
      <input type="hidden" name="campaign" value={campaign} />
      <TextField name="name" label="Full name" autoComplete="name" defaultValue={values?.name} error={errors.name} />
      <TextField name="email" label="E-mail" {...EMAIL_INPUT} defaultValue={values?.email} error={errors.email} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="phone" label="Phone" {...PHONE_INPUT} defaultValue={values?.phone} error={errors.phone} />
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
      <SubmitButton sending={sending} label="Request my call back" icon="phone" />
      <p className="text-center text-xs text-slate-600">
        We use your details only to call you about this trip. SevaDocs is a private company, not a government agency.
      </p>
    </Form>
  );
}
