import { useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { CONTACT_MESSAGES } from '../../../domain/contact/messages.ts';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TOPICS,
  ENQUIRY_TYPES,
  HONEYPOT_FIELD,
} from '../../../domain/contact/options.ts';
import type { CountryChoice } from '../../components/ui/country-code-picker.tsx';
import {
  FormRejectionAlert,
  HoneypotField,
  LabelledField,
  RadioCardGroup,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EMAIL_INPUT } from '../../components/ui/input-presets.ts';
import { PhoneInput } from '../../components/ui/phone-input.tsx';
import { useCountries } from '../../lib/use-countries.ts';
import { usePostedForm } from '../../lib/use-posted-form.ts';
import type { ContactActionData } from './contact-fields.ts';

const ENQUIRY_DESCRIPTIONS: Record<string, string> = {
  'new-application': 'You are thinking of applying, or have a question before you start.',
  'existing-client': 'You already have an order with us (have your DOC- or PHO- order ID ready).',
};

const FORM_ID = 'contact-form';

/**
 * SPEC.md §3 contact form. It posts to the page's action, so it works without JavaScript too;
 * each message sits next to its field, and what was typed is kept when something is wrong.
 */
export function ContactForm({ result }: { result: ContactActionData | undefined }) {
  const done = useRef<HTMLHeadingElement>(null);
  const { sending, failed, values, errors } = usePostedForm(FORM_ID, result, done);

  // The phone's country as picked (kept when a post is refused); +1 is both the USA and Canada.
  const [country, setCountry] = useState<CountryChoice>(() =>
    values?.countryCode && values.phoneCountry
      ? { code: values.countryCode, isoCode: values.phoneCountry }
      : { code: '+1', isoCode: 'US' },
  );
  const countries = useCountries();

  if (result?.ok) {
    return (
      <div className="card flex flex-col items-start gap-4 p-6 sm:p-8">
        <span className="icon-tile bg-green-100 text-green-700">
          <Icon name="circle-check" className="size-7" />
        </span>
        <h2 ref={done} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
          Message sent
        </h2>
        <p role="status" className="text-lg text-slate-700">
          {CONTACT_MESSAGES.received}
        </p>
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-5 py-3">
          <p className="text-sm font-medium text-slate-600">{CONTACT_MESSAGES.referenceLabel}</p>
          <p className="font-mono text-2xl font-bold tracking-wider text-slate-900">{result.reference}</p>
        </div>
        <p className="break-words text-slate-600">
          {CONTACT_MESSAGES.copySent(result.email)} Need an answer sooner? Call or WhatsApp us using the details on this
          page.
        </p>
        <Link to="/contact" className="btn-outline mt-2">
          Send another message
        </Link>
      </div>
    );
  }

  return (
    <Form id={FORM_ID} method="post" noValidate className="card relative grid gap-6 p-6 sm:p-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
        <p className="mt-1 text-slate-600">All fields are required. We reply within one business day.</p>
      </div>
      <FormRejectionAlert formId={FORM_ID} message={failed?.message} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          name="name"
          label="Full name"
          autoComplete="name"
          defaultValue={values?.name}
          error={errors.name}
          className="sm:col-span-2"
        />
        <TextField name="email" label="E-mail" {...EMAIL_INPUT} defaultValue={values?.email} error={errors.email} />
        <LabelledField name="phone" label="Phone" error={errors.phone ?? errors.phoneCountry ?? errors.countryCode}>
          {(control) => (
            <PhoneInput
              field={control}
              countries={countries}
              country={country}
              onCountryChange={setCountry}
              number={{ defaultValue: values?.phone }}
              codeInvalid={Boolean(errors.phoneCountry ?? errors.countryCode)}
              placeholder="Phone number"
              postedAs={{ code: 'countryCode', country: 'phoneCountry' }}
            />
          )}
        </LabelledField>
      </div>
      <RadioCardGroup
        name="enquiryType"
        label="What is this about?"
        options={ENQUIRY_TYPES.map((t) => ({ ...t, description: ENQUIRY_DESCRIPTIONS[t.value] }))}
        defaultValue={values?.enquiryType}
        error={errors.enquiryType}
      />
      <SelectField
        name="topic"
        label="Topic"
        placeholder="Choose a topic"
        options={CONTACT_TOPICS}
        defaultValue={values?.topic}
        error={errors.topic}
      />
      <TextAreaField
        name="message"
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        placeholder="Tell us about your situation: the service, where you apply from and any deadline."
        defaultValue={values?.message}
        error={errors.message}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          We use your details only to answer you. See our{' '}
          <Link to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
        <SubmitButton sending={sending} label="Send message" icon="send" className="shrink-0" />
      </div>
    </Form>
  );
}
