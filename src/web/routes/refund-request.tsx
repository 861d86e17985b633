import { data, useActionData, useRouteLoaderData, useSearchParams } from 'react-router';
import { fieldErrors } from '../../domain/contact/fields.ts';
import { CONTACT_MESSAGES } from '../../domain/contact/messages.ts';
import { ORDER_ID_PATTERN, REFUND_MESSAGES } from '../../domain/refunds/options.ts';
import { refundRequestSchema } from '../../domain/refunds/schema.ts';
import { REFUND_FIELDS, type RefundActionData } from '../features/refund/refund-fields.ts';
import { appContext } from '../lib/app-context.ts';
import { formValues } from '../lib/form-values.ts';
import { Preloaded, preload } from '../lib/preloaded.tsx';
import { requestFacts } from '../lib/request-facts.ts';
import type { RootData } from '../lib/root-data.ts';
import type { Route } from './+types/refund-request';

// The form's code stays out of the first-load JavaScript; the server still renders it, and it
// posts without JavaScript too (see lib/preloaded.tsx).
const page = preload(() => import('../features/refund/refund-page.tsx'));
if (import.meta.env.SSR) await page;

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
  const result = await app.services.refunds.submit(parsed.data, requestFacts(app));
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
    // As typed: the answer names no currency, which would say something about the order.
    amount: (receipt.amountCents / 100).toFixed(2),
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

export default function RefundRequestRoute() {
  const result = useActionData<typeof action>();
  const root = useRouteLoaderData<RootData>('root');
  const tollFree = root?.publicConfig.tollFreeNumber;
  // The order page's link names the order; a signed-in customer's e-mail is theirs already.
  const [params] = useSearchParams();
  const orderId = params.get('orderId')?.toUpperCase();
  const prefill = {
    orderId: orderId && ORDER_ID_PATTERN.test(orderId) ? orderId : undefined,
    email: root?.user?.email,
  };
  return (
    <Preloaded
      module={page}
      render={({ RefundRequestPage }) => <RefundRequestPage result={result} tollFree={tollFree} prefill={prefill} />}
    />
  );
}
