import { Link } from 'react-router';
import { APPLICATION_MESSAGES } from '../../domain/applications/application.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { Icon } from './ui/icon.tsx';

/** The Orders tab of the profile: where every order is listed. */
export const ORDERS_TAB_HREF = `${ROUTES.PROFILE}?tab=orders`;

/**
 * An order this account cannot see: unknown, another customer's (the API answers both alike), or
 * a malformed id in the address. Said plainly, with the way to the customer's own orders.
 */
export function OrderNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-14 text-center sm:px-6">
      <Icon name="search" className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">We could not find this order</h1>
      <p className="mt-3 text-slate-700">
        {APPLICATION_MESSAGES.orderNotFound} The link may be incomplete, or the order belongs to another account. Your
        own orders are listed in your profile.
      </p>
      <Link to={ORDERS_TAB_HREF} className="btn-primary mt-8">
        Go to your orders
        <Icon name="arrow-right" />
      </Link>
    </div>
  );
}
