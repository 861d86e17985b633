import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { HONEYPOT_FIELD } from '../../../domain/contact/options.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import { REFUND_REASON_MAX_LENGTH } from '../../../domain/refunds/options.ts';
import {
  FormRejectionAlert,
  HoneypotField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EMAIL_INPUT } from '../../components/ui/input-presets.ts';
import { usePostedForm } from '../../lib/use-posted-form.ts';
import type { RefundActionData } from './refund-fields.ts';

const FORM_ID = 'refund-form';

export const REFUND_FORM_TEXT = {
  /** From an order's page, the way back to it (the order page's own words for it). */
  backToOrder: 'Back to your order',
} as const;

/** SPEC.md §2 refund request: order ID, e-mail, amount and reason, answered with a reference number. */
export function RefundForm({
  result,
  prefill,
}: {
  result: RefundActionData | undefined;
  /** From the order page's link: its id, and the signed-in customer's e-mail. */
  prefill?: { orderId?: string | undefined; email?: string | undefined };
}) {
  const done = useRef<HTMLHeadingElement>(null);
  const { sending, failed, values, errors } = usePostedForm(FORM_ID, result, done);

  if (result?.ok) {
    return (
      <section aria-labelledby="refund-done" className="card p-8 text-center">
        <span className="icon-tile mx-auto bg-green-100 text-green-700">
          <Icon name="circle-check" className="size-7" />
        </span>
        <h2 id="refund-done" ref={done} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
          Refund request sent
        </h2>
        <p className="mt-6 text-sm font-semibold tracking-wide text-slate-600 uppercase">Reference number</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-brand-700" data-testid="refund-reference">
          {result.reference}
        </p>
        <p role="status" className="mx-auto mt-6 max-w-md text-slate-700">
          {result.message}
        </p>
        <dl className="mx-auto mt-6 grid max-w-sm gap-2 rounded-xl bg-slate-50 p-4 text-left text-[0.95rem]">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Order</dt>
            <dd className="font-semibold text-slate-900">{result.orderId}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Amount requested</dt>
            <dd className="font-semibold text-slate-900">{result.amount}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-600">We e-mail</dt>
            <dd className="min-w-0 font-semibold break-words text-slate-900">{result.email}</dd>
          </div>
        </dl>
        <p className="mt-6 text-sm text-slate-600">
          We review every request within 3 business days. Approved refunds reach your original payment method within
          5–10 business days.
        </p>
        {prefill?.orderId ? (
          <p className="mt-6">
            <Link to={orderPageHref(prefill.orderId)} className="btn-outline">
              {REFUND_FORM_TEXT.backToOrder}
            </Link>
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <Form id={FORM_ID} method="post" noValidate className="card relative grid gap-6 p-6 sm:p-8">
      <FormRejectionAlert formId={FORM_ID} message={failed?.message} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          name="orderId"
          label="Order ID"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="DOC-000123"
          hint="From your order confirmation e-mail."
          defaultValue={values?.orderId ?? prefill?.orderId}
          error={errors.orderId}
        />
        <TextField
          name="email"
          label="E-mail used for the order"
          {...EMAIL_INPUT}
          defaultValue={values?.email ?? prefill?.email}
          error={errors.email}
        />
        <TextField
          name="amount"
          label="Refund amount (in the order’s currency)"
          inputMode="decimal"
          hint="An amount such as 79.00: at most what you paid for this order."
          defaultValue={values?.amount}
          error={errors.amount}
          className="sm:col-span-2"
        />
      </div>
      <TextAreaField
        name="reason"
        label="Why are you asking for a refund?"
        rows={5}
        maxLength={REFUND_REASON_MAX_LENGTH}
        placeholder="For example: our trip was cancelled before you submitted the application."
        defaultValue={values?.reason}
        error={errors.reason}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      <SubmitButton sending={sending} label="Request refund" icon="send" />
    </Form>
  );
}
