import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoOrders, OrderList } from '../../components/order-list.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { accountKeys, getOrders } from '../../lib/account-api.ts';
import { TabPanel } from './tab-panel.tsx';

const PAGE_SIZE = 10;

/** The Orders tab: every order, newest first, ten to a page. */
export function OrdersTab() {
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: accountKeys.orders(page, PAGE_SIZE),
    queryFn: async () => (await getOrders(page, PAGE_SIZE)).data,
    placeholderData: keepPreviousData,
  });
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / PAGE_SIZE)) : 1;

  return (
    <TabPanel title="Orders" lead="Your service applications and photo orders, with their current status.">
      {orders.isError ? (
        <LoadError what="your orders" onRetry={() => void orders.refetch()} />
      ) : !data ? (
        <LoadingStatus>Loading your orders…</LoadingStatus>
      ) : data.results.length === 0 ? (
        <NoOrders />
      ) : (
        <>
          <OrderList orders={data.results} />
          {pages > 1 ? (
            <nav aria-label="Order pages" className="mt-5 flex items-center justify-between gap-3 text-sm">
              <button
                type="button"
                onClick={() => setPage(page - 1)}
                disabled={page <= 1}
                className="btn-outline px-4 py-2 text-sm disabled:opacity-50"
              >
                <Icon name="arrow-left" className="size-4" />
                Newer
              </button>
              <span className="text-slate-600">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                onClick={() => setPage(page + 1)}
                disabled={page >= pages}
                className="btn-outline px-4 py-2 text-sm disabled:opacity-50"
              >
                Older
                <Icon name="arrow-right" className="size-4" />
              </button>
            </nav>
          ) : null}
        </>
      )}
    </TabPanel>
  );
}
