import { Icon } from '../../components/ui/icon.tsx';
import { PaymentBadges } from '../../components/ui/payment-badges.tsx';

export function SecurePayments() {
  return (
    <section aria-labelledby="payments-title" className="page-x py-14">
      <div className="flex flex-col gap-6 rounded-3xl border border-slate-200 bg-brand-50 p-6 sm:p-10 desk:flex-row desk:items-center desk:justify-between">
        <div className="max-w-md">
          <h2 id="payments-title" className="flex items-center gap-2 text-xl font-bold text-slate-900 sm:text-2xl">
            <Icon name="lock-keyhole" className="size-6 text-green-700" />
            Pay securely, your way
          </h2>
          <p className="mt-3 text-slate-700">
            Pay by card, wallet or UPI over an encrypted connection. Card details go straight to our payment processor
            and are never stored on our servers.
          </p>
        </div>
        <PaymentBadges />
      </div>
    </section>
  );
}
