import type { ReactNode } from 'react';
import type { Currency } from '../../domain/catalog/money.ts';
import { formatMoney } from '../../domain/catalog/money.ts';
import { PAID_LINES_TEXT, paidLines } from '../../domain/checkout/receipt.ts';
import { Panel } from './ui/panel.tsx';

/**
 * A paid order's lines as its receipt e-mail words them (issue 28): each charge and discount with
 * its note ("$275 × 2", "not refundable once submitted", the coupon's code), then the total paid they add up to,
 * then the package's former price ("was …") apart, since it is not added.
 */
export function PaidLinesPanel({
  summary,
  children,
}: {
  summary: Parameters<typeof paidLines>[0] & { currency: Currency; refundedCents?: number | undefined };
  /** More of the order's money after its lines: its stray charges, its refund requests. */
  children?: ReactNode;
}) {
  const paid = paidLines(summary);
  const refunded = summary.refundedCents ?? 0;
  const money = (amountCents: number) => formatMoney({ amountCents, currency: summary.currency });
  return (
    <Panel id="paid-lines" title={PAID_LINES_TEXT.title}>
      <p className="mt-1 text-sm text-slate-600">
        {PAID_LINES_TEXT.receiptNote} All amounts in {summary.currency}.
      </p>
      <dl className="mt-4 space-y-2">
        {paid.lines.map((line) => (
          <div key={line.id} className="flex justify-between gap-4 text-sm">
            <dt className="min-w-0 text-slate-700">{line.label}</dt>
            <dd
              className={`max-w-[60%] shrink-0 text-right font-medium ${line.amountCents < 0 ? 'text-green-800' : 'text-slate-900'}`}
            >
              {line.value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="font-semibold text-slate-900">{PAID_LINES_TEXT.total}</dt>
          <dd className="text-lg font-bold text-slate-900" data-testid="paid-total">
            {money(paid.totalCents)}
          </dd>
        </div>
        {refunded > 0 ? (
          <>
            <div className="flex justify-between gap-4 text-sm">
              <dt className="text-slate-700">{PAID_LINES_TEXT.refunded}</dt>
              <dd className="font-medium text-green-800">{money(-refunded)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
              <dt className="font-semibold text-slate-900">{PAID_LINES_TEXT.net}</dt>
              <dd className="font-bold text-slate-900">{money(paid.totalCents - refunded)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {paid.notes.length > 0 ? (
        <dl className="mt-3 space-y-1 text-xs text-slate-600">
          {paid.notes.map((note) => (
            <div key={note.id} className="flex justify-between gap-4">
              <dt className="min-w-0">{note.label}</dt>
              <dd className="max-w-[60%] shrink-0 text-right">{note.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </Panel>
  );
}
