import type { Offer } from '../../../domain/marketing/marketing.ts';
import { Icon } from '../../components/ui/icon.tsx';

function OfferList({ offers, hidden = false }: { offers: Offer[]; hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {offers.map((offer) => (
        <li key={offer.id} className="flex items-center gap-2 pr-10 whitespace-nowrap">
          <Icon name="tag" className="size-4 text-saffron-600" />
          <strong className="font-semibold text-slate-900">{offer.title}</strong>
          <span className="text-slate-700">{offer.description}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC.md §2: the home page's sticky offers strip, rendered on the server inside the home page's
 * static content (no JavaScript). It sticks under the header; the offers scroll past slowly,
 * pause on hover or focus, and stay still for readers who prefer reduced motion.
 */
export function OffersStrip({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <aside
      aria-label="Current offers"
      className="offers-strip sticky top-16 z-30 border-b border-amber-200 bg-amber-50 text-sm shadow-sm desk:top-[4.5rem]"
    >
      {/* A tab stop: a keyboard reader scrolls the offers by hand (reduced motion) or pauses them
          by focusing it (the strip pauses on focus within). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div tabIndex={0} className="offers-strip-viewport overflow-x-auto py-2.5">
        <div className="offers-strip-track flex w-max pl-4 sm:pl-6">
          <OfferList offers={offers} />
          <OfferList offers={offers} hidden />
        </div>
      </div>
    </aside>
  );
}
