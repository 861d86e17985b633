import { Icon } from './ui/icon.tsx';

/**
 * The foot of a service card (home grid, /services): the "from" price with all fees, or "Priced
 * on request", and the arrow that tells the whole card is a link.
 */
export function ServiceCardPrice({ fromPrice }: { fromPrice: string | null }) {
  return (
    <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
      {fromPrice ? (
        <p className="leading-tight">
          <span className="block text-lg font-bold whitespace-nowrap text-slate-900">From {fromPrice}</span>
          <span className="text-xs text-slate-600">all fees included</span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">Priced on request</p>
      )}
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition group-hover:bg-brand-600 group-hover:text-white">
        <Icon name="arrow-right" />
      </span>
    </div>
  );
}
