import { Link } from 'react-router';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import {
  canUsePrintPack,
  copyAssistHref,
  PRINT_PACK_MESSAGES,
  printPackHref,
} from '../../../../domain/applications/print-pack.ts';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { outsideFeeCents } from '../../../../domain/catalog/service-detail.ts';
import { ROUTES } from '../../../../domain/config/routes.ts';
import { OrderNotFound } from '../../../components/order-not-found.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApplicationData, useMemberForm } from '../form-page/application-data.ts';
import { CopyAssist } from './copy-assist.tsx';

export const COPY_ASSIST_PAGE_TEXT = {
  /** Issue 32 §3: the customer, or our team with them, files on the portal; we never do. */
  neverSubmit:
    'We never submit to a government portal ourselves. Open the official portal in another tab and copy each answer from here: you submit the application, and we check it with you first.',
  formats: 'Answers are written as the portals take them: in capitals, with dates as DD/MM/YYYY.',
  uploads: 'Photos, signatures and documents are not typed: upload them from your order page.',
  /** An e-Visa's: the portal takes its fee at the end, from the applicant, and we did not. */
  portalFee: (amount: string) =>
    `At the end the portal asks for the government fee and its bank charge (about ${amount}): pay it there, by card. It is not in the price you paid us.`,
  /** Beside an amount in another currency: the portal charges US dollars only. */
  portalCurrency: ' The portal charges it in US dollars.',
} as const;

/** What the portal takes from one member, in the order's currency; null when the order paid every fee to us. */
function portalFeeOf(order: ApplicationOrder): string | null {
  if (!order.price.feesPaidOnPortal) return null;
  return formatMoney({ amountCents: outsideFeeCents(order.price), currency: order.price.currency });
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

const orderHref = (ref: string) => `${ROUTES.SERVICE_ORDER}?${new URLSearchParams({ orderId: ref })}`;

function Loading() {
  return <LoadingStatus>Loading the answers…</LoadingStatus>;
}

/** The other members of the order, each a link to their own copy-assist. */
function MemberLinks({ order, memberId }: { order: ApplicationOrder; memberId: number }) {
  if (order.members.length < 2) return null;
  return (
    <nav aria-label="Members" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {order.members.map((m) => (
          <li key={m.id}>
            <Link
              to={copyAssistHref(order.displayId, m.id)}
              aria-current={m.id === memberId ? 'page' : undefined}
              className={`inline-flex rounded-full border px-3 py-1.5 text-sm font-semibold ${m.id === memberId ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-400'}`}
            >
              {m.fullName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MemberAnswers({ order, memberId }: { order: ApplicationOrder; memberId: number }) {
  const { form } = useApplicationData(order.displayId);
  const memberForm = useMemberForm(order.displayId, memberId);
  const member = order.members.find((m) => m.id === memberId);
  if (!member) return <OrderNotFound />;
  if (form.isError || memberForm.isError) {
    return (
      <LoadError
        what="these answers"
        onRetry={() => {
          void form.refetch();
          void memberForm.refetch();
        }}
      />
    );
  }
  if (form.data === undefined || !memberForm.data) return <Loading />;
  if (form.data === null) return <p className="text-slate-700">This application has no form to copy from.</p>;
  return <CopyAssist definition={form.data} member={member} answers={memberForm.data.answers} />;
}

/**
 * /service-order/copy-assist?orderId=…&member=…: a paid application member's answers to copy into
 * the official portal, with their print pack, for the signed-in owner (the API answers another
 * customer's order as unknown).
 */
export function CopyAssistPage({ orderRef, memberId }: { orderRef: string | null; memberId: number | null }) {
  if (!orderRef || memberId === null) return <OrderNotFound />;
  return <LoadCopyAssist orderRef={orderRef} memberId={memberId} />;
}

function LoadCopyAssist({ orderRef, memberId }: { orderRef: string; memberId: number }) {
  const { order } = useApplicationData(orderRef);
  if (order.isError && isNotFound(order.error)) return <OrderNotFound />;
  const data = order.data;
  const member = data?.members.find((m) => m.id === memberId);
  const portalFee = data ? portalFeeOf(data) : null;
  return (
    <div className="bg-slate-50/60">
      <div className="page-x max-w-5xl py-8 desk:py-12">
        <Link
          to={orderHref(orderRef)}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Icon name="arrow-left" className="size-4" />
          Back to the order
        </Link>
        <header className="mt-4">
          <p className="eyebrow">Application {data?.displayId ?? orderRef}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
            Copy-assist{member ? `: ${member.fullName}` : ''}
          </h1>
        </header>
        <div className="mt-4 max-w-3xl space-y-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-slate-800">
          <p className="flex gap-2 font-semibold">
            <Icon name="info" className="mt-0.5 size-5 text-brand-700" />
            {COPY_ASSIST_PAGE_TEXT.neverSubmit}
          </p>
          <p className="pl-7 text-sm">{COPY_ASSIST_PAGE_TEXT.formats}</p>
          <p className="pl-7 text-sm">{COPY_ASSIST_PAGE_TEXT.uploads}</p>
          {portalFee && data ? (
            <p className="pl-7 text-sm">
              {COPY_ASSIST_PAGE_TEXT.portalFee(portalFee)}
              {data.price.currency === 'USD' ? null : COPY_ASSIST_PAGE_TEXT.portalCurrency}
            </p>
          ) : null}
        </div>
        <div className="mt-6">
          {order.isError ? (
            <LoadError what="this order" onRetry={() => void order.refetch()} />
          ) : !data ? (
            <Loading />
          ) : !member ? (
            <OrderNotFound />
          ) : !canUsePrintPack(data.status) ? (
            <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
              {PRINT_PACK_MESSAGES.notPaid}
            </p>
          ) : (
            <>
              <a
                href={printPackHref(data.displayId, member.id)}
                download
                className="btn-outline inline-flex px-4 py-2.5 text-[0.95rem]"
              >
                <Icon name="download" className="size-4" />
                Download {member.fullName}’s print pack (PDF)
              </a>
              <MemberLinks order={data} memberId={member.id} />
              <div className="mt-8">
                <MemberAnswers order={data} memberId={member.id} />
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
