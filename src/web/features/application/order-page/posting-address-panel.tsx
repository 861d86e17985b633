import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import {
  postingAddressOpen,
  readyToSend,
  POSTING_ADDRESS_TEXT as T,
} from '../../../../domain/applications/posting-address.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { shortDate } from '../../../lib/order-format.ts';

/**
 * Once paid and until Submitted, where the file goes (decision 0179): a mission's file, to the
 * address our team confirmed, or to wait for it; an e-Visa, the official portal. Nothing before
 * payment (the address is confirmed when our team checks the application), nor once decided or
 * completed: the file went long ago. An address confirmed before Submitted says to wait for our
 * check: Submitted is the "ready to send".
 */
export function PostingAddressPanel({ order }: { order: ApplicationOrder }) {
  if (!postingAddressOpen(order.status)) return null;
  if (order.filing === 'online') {
    return (
      <Panel id="order-posting-address" title={T.onlineHeading}>
        <p className="mt-3 text-slate-700">{T.online}</p>
      </Panel>
    );
  }
  if (order.filing !== 'mission') return null;
  const address = order.postingAddress;
  const wait = address ? (readyToSend(order.status) ? null : T.notYet) : T.wait;
  return (
    <Panel id="order-posting-address" title={T.heading}>
      {address && (
        <>
          <address className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 not-italic text-slate-900">
            {address.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the envelope's lines never reorder, and one may repeat
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-2 text-sm text-slate-600">{T.confirmedOn(shortDate(address.confirmedAt))}</p>
        </>
      )}
      {wait && (
        <p role="note" className="mt-3 font-medium text-amber-900">
          {wait}
        </p>
      )}
    </Panel>
  );
}
