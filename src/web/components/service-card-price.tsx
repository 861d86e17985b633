import { feesPaidElsewhere } from '../../domain/catalog/filing.ts';
import { Icon } from './ui/icon.tsx';

export const SERVICE_CARD_PRICE_TEXT = {
  allFees: 'all fees included',
  /** The e-Visa: its government fee and bank charge are paid on the portal, as the checkout says. */
  portal: '+ fees paid on the official portal',
  /** The File Check: the consular fee of the service it is for is paid at the application centre. */
  centre: '+ consular fee paid at the centre',
  onRequest: 'Priced on request',
} as const;

/**
 * The foot of a service card (home grid, /services): the "from" price with what it includes, or
 * "Priced on request", and the arrow that tells the whole card is a link. "All fees included" only
 * where it is true: otherwise the fee the customer pays elsewhere is named (feesPaidElsewhere).
 */
export function ServiceCardPrice({ fromPrice, serviceSlug }: { fromPrice: string | null; serviceSlug: string }) {
  return (
    <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
      {fromPrice ? (
        <p className="leading-tight">
          <span className="block text-lg font-bold whitespace-nowrap text-slate-900">From {fromPrice}</span>
          <span className="text-xs text-slate-600">
            {SERVICE_CARD_PRICE_TEXT[feesPaidElsewhere(serviceSlug) ?? 'allFees']}
          </span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{SERVICE_CARD_PRICE_TEXT.onRequest}</p>
      )}
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition group-hover:bg-brand-600 group-hover:text-white">
        <Icon name="arrow-right" />
      </span>
    </div>
  );
}
