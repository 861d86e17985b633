import { PREMIUM_SUPPORT_TEXT, type PremiumSupport } from '../../domain/checkout/premium-support.ts';
import { telHref } from '../../domain/config/navigation.ts';
import { Icon } from './ui/icon.tsx';

/**
 * Premium support (SPEC.md §9) on the order page and the payment result: the priority line and the
 * named contact the server attached to the order (from its stored total), as links a phone can call.
 */
export function PremiumSupportCard({ support }: { support: PremiumSupport }) {
  // The number never breaks across lines.
  const [before, after] = PREMIUM_SUPPORT_TEXT.priority(support.phone).split(support.phone);
  return (
    <section
      aria-labelledby="premium-support"
      className="rounded-2xl border border-saffron-400/40 bg-saffron-400/10 p-5"
    >
      <h2 id="premium-support" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon name="star-filled" className="size-5 text-saffron-600" />
        {PREMIUM_SUPPORT_TEXT.title}
      </h2>
      <p className="mt-2 text-slate-800">
        {PREMIUM_SUPPORT_TEXT.lead} {before}
        <span className="whitespace-nowrap">{support.phone}</span>
        {after}
      </p>
      <p className="mt-3 font-semibold text-slate-900">
        {support.name}
        <span className="block text-sm font-normal text-slate-700">{support.role}, your contact for this order</span>
      </p>
      <ul className="mt-3 grid gap-2 text-[0.95rem]">
        <li>
          <a
            href={telHref(support.phone)}
            className="inline-flex items-center gap-2 font-semibold text-brand-700 underline"
          >
            <Icon name="phone" className="size-4" />
            {support.phone}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${support.email}`}
            className="inline-flex items-center gap-2 font-semibold break-all text-brand-700 underline"
          >
            <Icon name="mail" className="size-4" />
            {support.email}
          </a>
        </li>
      </ul>
    </section>
  );
}
