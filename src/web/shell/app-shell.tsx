import type { ReactNode } from 'react';
import { Outlet, useLoaderData } from 'react-router';
import type { RootData } from '../lib/root-data.ts';
import { AccountHosts } from './account-hosts.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { ToasterHost } from './toaster-host.tsx';

/**
 * What every page sits in: the site layout around it, and the hosts that load the auth dialog,
 * the session runtime and the toaster on demand. The error page uses it too, so a customer whose
 * page failed keeps the header, the toll-free number and the way back.
 */
export function SiteFrame({ root, children }: { root: RootData; children: ReactNode }) {
  const { publicConfig, navServices, user } = root;
  return (
    <>
      <SiteLayout config={publicConfig} services={navServices} user={user}>
        {children}
      </SiteLayout>
      <AccountHosts user={user} />
      <ToasterHost />
    </>
  );
}

/** The root route's component (root.tsx exports it as its default): the page in the site's frame. */
export function AppShell() {
  return (
    <SiteFrame root={useLoaderData<RootData>()}>
      <Outlet />
    </SiteFrame>
  );
}
