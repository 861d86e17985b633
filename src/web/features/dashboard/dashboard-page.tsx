import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PHOTOS_HREF } from '../../../domain/config/navigation.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { isNewCustomer } from '../../../domain/orders/order-summary.ts';
import { ContinueApplications } from '../../components/continue-applications.tsx';
import { NoOrders, OrderList } from '../../components/order-list.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { accountKeys, getDashboard } from '../../lib/account-api.ts';

function Stat({ label, value, icon }: { label: string; value: number; icon: IconName }) {
  return (
    <div className="card flex items-center gap-4 p-5">
      <span className="icon-tile bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-6" />
      </span>
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      </div>
    </div>
  );
}

/** A customer's first visit: where to start, in place of counters that all read 0. */
function FirstOrder() {
  return (
    <section
      aria-labelledby="first-order"
      className="card mt-8 flex flex-col gap-6 p-6 sm:p-8 desk:flex-row desk:items-center desk:justify-between"
    >
      <div className="flex items-start gap-4">
        <span className="icon-tile shrink-0 bg-brand-50 text-brand-700">
          <Icon name="package" className="size-6" />
        </span>
        <div>
          <h2 id="first-order" className="text-xl font-bold text-slate-900">
            Start your first application
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">
            Pick a service and a package: every fee is shown before you pay, and a specialist checks your application
            before it is filed. Your orders and their status will show here.
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row desk:shrink-0">
        <Link to={ROUTES.SERVICES} className="btn-primary">
          Browse services
          <Icon name="arrow-right" />
        </Link>
        <Link to={PHOTOS_HREF} className="btn-outline">
          Photo enhancement
        </Link>
      </div>
    </section>
  );
}

/** /dashboard: the signed-in user's orders at a glance (SPEC.md §2: Home shows as Dashboard). */
export function DashboardPage({ name }: { name: string }) {
  const dashboard = useQuery({ queryKey: accountKeys.dashboard, queryFn: async () => (await getDashboard()).data });
  const data = dashboard.data;

  return (
    <div className="min-h-svh bg-slate-50/60">
      <div className="page-x py-8 desk:py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Dashboard</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Welcome, {name.split(' ')[0]}</h1>
            <p className="mt-2 text-slate-600">Your applications, orders and messages in one place.</p>
          </div>
          <Link to={ROUTES.PROFILE} className="btn-outline px-4 py-2.5 text-[0.95rem]">
            <Icon name="user-round" className="size-4" />
            Profile and addresses
          </Link>
        </div>

        {dashboard.isError ? (
          <div className="mt-8">
            <LoadError what="your dashboard" onRetry={() => void dashboard.refetch()} />
          </div>
        ) : !data ? (
          // What follows arrives as one, so nothing in view moves when it does: a returning
          // customer's "Continue your application" card heads it (decision 0141).
          <LoadingStatus className="mt-8">Loading your orders…</LoadingStatus>
        ) : isNewCustomer(data) ? (
          <FirstOrder />
        ) : (
          <>
            <ContinueApplications applications={data.openApplications} className="mt-8" />
            <section aria-label="Summary" className="mt-8 grid gap-4 sm:grid-cols-3">
              <Stat label="Orders" value={data.ordersCount} icon="shopping-bag" />
              <Stat label="In progress" value={data.activeOrders} icon="clock" />
              <Stat label="Unread notifications" value={data.unreadNotifications} icon="bell" />
            </section>

            <section aria-labelledby="recent-orders" className="mt-10">
              <div className="flex items-center justify-between gap-4">
                <h2 id="recent-orders" className="text-xl font-bold text-slate-900">
                  Recent orders
                </h2>
                {data.ordersCount > data.recentOrders.length ? (
                  <Link
                    to={`${ROUTES.PROFILE}?tab=orders`}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                  >
                    All orders
                  </Link>
                ) : null}
              </div>
              <div className="mt-4">
                {data.recentOrders.length > 0 ? <OrderList orders={data.recentOrders} /> : <NoOrders />}
              </div>
            </section>
          </>
        )}
      </div>
    </div>
  );
}
