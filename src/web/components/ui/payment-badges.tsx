import { type PaymentBadge, paymentBadges } from '../../../domain/config/payment-badges.ts';

function BadgeList({ badges, className }: { badges: PaymentBadge[]; className: string }) {
  return (
    <ul aria-label="Payment methods and security" className={`flex-wrap items-center gap-2 ${className}`}>
      {badges.map(({ id, src, name, width, height }) => (
        <li key={id}>
          <img src={src} alt={name} width={width} height={height} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The payment badges (SPEC.md §3 payment badge group): the desktop icon list above the 1280 px
 * breakpoint and the mobile list at or below it.
 */
export function PaymentBadges() {
  return (
    <div>
      <BadgeList badges={paymentBadges('desktop')} className="hidden desk:flex" />
      <BadgeList badges={paymentBadges('mobile')} className="flex desk:hidden" />
    </div>
  );
}
