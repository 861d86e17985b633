import { Outlet, useLoaderData } from 'react-router';
import type { RootData } from '../lib/root-data.ts';
import { AccountHosts } from './account-hosts.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { ToasterHost } from './toaster-host.tsx';

/**
 * The root route's component (root.tsx exports it as its default): the site layout around the
 * page, and the hosts that load the auth dialog, the session runtime and the toaster on demand.
 */
export function AppShell() {
  const { publicConfig, navServices, user } = useLoaderData<RootData>();
  return (
    <>
      <SiteLayout config={publicConfig} services={navServices} user={user}>
        <Outlet />
      </SiteLayout>
      <AccountHosts user={user} />
      <ToasterHost />
    </>
  );
}
