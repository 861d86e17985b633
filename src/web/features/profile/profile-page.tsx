import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { AddressTab } from './address-tab.tsx';
import { GeneralTab } from './general-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { PasswordTab } from './password-tab.tsx';

/** SPEC.md §3 account tabs, in order. The tab shows in the address (?tab=password) so it can be linked. */
export const ACCOUNT_TABS = [
  { id: 'general', label: 'General', icon: 'user-round' },
  { id: 'password', label: 'Password', icon: 'key-round' },
  { id: 'address', label: 'Address', icon: 'map-pin' },
  { id: 'orders', label: 'Orders', icon: 'shopping-bag' },
] as const satisfies readonly { id: string; label: string; icon: IconName }[];
export type AccountTab = (typeof ACCOUNT_TABS)[number]['id'];

export function tabFrom(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab.id === value)?.id ?? 'general';
}

/**
 * /profile: General (name, phone, age group), Password, Address (address book) and Orders; the
 * route adds sections of other features under the tabs (`children`: the customer's data rights).
 */
export function ProfilePage({ email, children }: { email: string; children?: React.ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));

  return (
    <div className="min-h-svh bg-slate-50/60">
      <div className="page-x py-8 desk:py-12">
        <p className="eyebrow">Account</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Profile</h1>
        <p className="mt-2 text-slate-600">{email}</p>

        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'general') next.delete('tab');
                else next.set('tab', value);
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
          className="mt-8 grid gap-6 desk:grid-cols-[14rem_1fr] desk:gap-10"
          orientation="horizontal"
        >
          <Tabs.List
            aria-label="Account"
            className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 desk:mx-0 desk:flex-col desk:self-start desk:overflow-visible desk:rounded-2xl desk:border desk:bg-white desk:p-2"
          >
            {ACCOUNT_TABS.map((t) => (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="inline-flex shrink-0 items-center gap-2 border-b-2 border-transparent px-2.5 py-3 sm:px-3 text-[0.95rem] font-semibold text-slate-700 hover:text-brand-700 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 desk:rounded-xl desk:border-b-0 desk:py-2.5 desk:data-[state=active]:bg-brand-50"
              >
                <Icon name={t.icon} className="hidden size-4 sm:block" />
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* On a phone, the rest of the first screen (the header, title and tab list take ~18rem):
              what follows the tab (the "Your data" section) starts below the fold, so a tab whose
              data arrives after the first paint does not push it down in view. */}
          <div className="min-h-[calc(100svh-18rem)] min-w-0 desk:min-h-0">
            <Tabs.Content value="general" className="outline-none">
              <GeneralTab />
            </Tabs.Content>
            <Tabs.Content value="password" className="outline-none">
              <PasswordTab email={email} />
            </Tabs.Content>
            <Tabs.Content value="address" className="outline-none">
              <AddressTab />
            </Tabs.Content>
            <Tabs.Content value="orders" className="outline-none">
              <OrdersTab />
            </Tabs.Content>
          </div>
        </Tabs.Root>
        {/* Under the tab panel: past the tab list (14rem) and the gap (2.5rem). */}
        {children ? <div className="mt-10 desk:ml-[16.5rem] desk:mt-12">{children}</div> : null}
      </div>
    </div>
  );
}
