import { data, Link, useActionData, useRouteLoaderData } from 'react-router';
import { formatMoney } from '../../domain/catalog/money.ts';
import { telHref } from '../../domain/config/navigation.ts';
import { fieldErrors } from '../../domain/contact/fields.ts';
import { CONTACT_MESSAGES } from '../../domain/contact/messages.ts';
import { REFUND_MESSAGES } from '../../domain/refunds/options.ts';
import { refundRequestSchema } from '../../domain/refunds/schema.ts';
import { Icon } from '../components/ui/icon.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { REFUND_FIELDS, type RefundActionData, RefundForm } from '../features/refund/refund-form.tsx';
import { appContext } from '../lib/app-context.ts';
import { formValues } from '../lib/form-values.ts';
import { requestFacts } from '../lib/request-facts.ts';
import type { RootData } from '../root.tsx';
import type { Route } from './+types/refund-request';

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const values = formValues(await request.formData(), REFUND_FIELDS);
  const parsed = refundRequestSchema.safeParse(values);
  if (!parsed.success) {
    return data<RefundActionData>(
      { ok: false, message: CONTACT_MESSAGES.fixErrors, errors: fieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  const result = await app.services.refunds.submit(parsed.data, { ip: requestFacts(app).ip });
  if (!result.ok) {
    return data<RefundActionData>(
      { ok: false, message: result.message, errors: result.errors ?? {}, values },
      { status: result.status },
    );
  }
  const receipt = result.value;
  return data<RefundActionData>({
    ok: true,
    reference: receipt.reference,
    orderId: receipt.orderId,
    amount: formatMoney({ amountCents: receipt.amountCents, currency: receipt.currency }),
    email: parsed.data.email,
    message: REFUND_MESSAGES.received(receipt.reference),
  });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Request a refund | SevaDocs' },
  {
    name: 'description',
    content:
      'Ask for a refund of a SevaDocs or SevaPhotos order with your order ID and e-mail. You get a reference number at once and a decision within 3 business days.',
  },
];

/** SPEC.md §2: /refund-request hides the header, the chat button and the banners; it keeps its own slim top bar. */
export default function RefundRequestPage() {
  const result = useActionData<typeof action>();
  const root = useRouteLoaderData<RootData>('root');
  const tollFree = root?.publicConfig.tollFreeNumber;
  return (
    <div className="min-h-full bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-700"
          >
            <Icon name="arrow-left" className="size-4" /> Back to home
          </Link>
        </div>
      </div>
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 desk:grid-cols-[1fr_1.4fr] desk:py-16">
        <div>
          <p className="eyebrow">Billing</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">Request a refund</h1>
          <p className="section-lead leading-relaxed">
            Tell us which order and why. You get a reference number straight away, and a copy by e-mail.
          </p>
          <ul className="mt-8 grid gap-4 text-[0.95rem] text-slate-700">
            <li className="flex gap-3">
              <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-green-700" />
              Cancelled before we start work: everything you paid comes back.
            </li>
            <li className="flex gap-3">
              <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-green-700" />
              Government and outsourcer fees not yet paid to the authorities are always refunded.
            </li>
            <li className="flex gap-3">
              <Icon name="info" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              Fees already paid to a consulate or to VFS Global or BLS International cannot be recovered.
            </li>
          </ul>
          <p className="mt-8 text-sm text-slate-600">
            Full details are in our{' '}
            <Link
              to="/guideline?active=Terms+of+Use"
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Terms of Use
            </Link>
            .{' '}
            {tollFree ? (
              <>
                Questions? Call{' '}
                <a
                  href={telHref(tollFree)}
                  className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-4"
                >
                  {tollFree}
                </a>
                .
              </>
            ) : null}
          </p>
        </div>
        <RefundForm result={result} />
      </div>
    </div>
  );
}
