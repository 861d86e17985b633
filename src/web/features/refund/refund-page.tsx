import { Link } from 'react-router';
import { telHref } from '../../../domain/config/navigation.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import type { RefundActionData } from './refund-fields.ts';
import { REFUND_FORM_TEXT, RefundForm } from './refund-form.tsx';

/** SPEC.md §2: /refund-request hides the header, the chat button and the banners; it keeps its own slim top bar. */
export function RefundRequestPage({
  result,
  tollFree,
  prefill,
}: {
  result: RefundActionData | undefined;
  tollFree: string | undefined;
  prefill?: { orderId?: string | undefined; email?: string | undefined };
}) {
  return (
    <div className="min-h-full bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {/* Come from an order's page (its "Request a refund" names it): back to that order. */}
          <Link
            to={prefill?.orderId ? orderPageHref(prefill.orderId) : '/'}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-700"
          >
            <Icon name="arrow-left" className="size-4" />{' '}
            {prefill?.orderId ? REFUND_FORM_TEXT.backToOrder : 'Back to home'}
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
              <Icon name="circle-check" className="mt-0.5 size-5 text-green-700" />
              Cancelled before we start work: everything you paid comes back.
            </li>
            <li className="flex gap-3">
              <Icon name="circle-check" className="mt-0.5 size-5 text-green-700" />
              Government and outsourcer fees not yet paid to the authorities are always refunded.
            </li>
            <li className="flex gap-3">
              <Icon name="info" className="mt-0.5 size-5 text-brand-600" />
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
        <RefundForm result={result} prefill={prefill} />
      </div>
    </div>
  );
}
