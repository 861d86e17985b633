import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

let browserClient: QueryClient | undefined;

/** Tests only: the next page load starts with an empty cache, as a new browser tab does. */
export function forgetBrowserQueryClient(): void {
  browserClient?.clear();
  browserClient = undefined;
}

function makeClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * TanStack Query for the signed-in pages (dashboard, profile): one client per browser tab, a
 * fresh one per server render. Only those pages load it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    if (typeof window === 'undefined') return makeClient();
    browserClient ??= makeClient();
    return browserClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Forget every cached answer (on logout the page reloads anyway). */
export function clearQueries(): void {
  browserClient?.clear();
}

/**
 * Puts a change's answer (the resource as the server now has it) into the cache. A read of the same
 * key still in flight is cancelled first: it was answered before the change, and landing after it
 * would put the old resource back (seen on the photo order: a refused Pay's re-read hid a saved
 * choice, CI run 23d). Only that key (`exact`): a cancelled read with nothing cached is not read
 * again by itself, so a key nested under this one must keep its own reads.
 */
export async function putAnswer<T>(client: QueryClient, queryKey: QueryKey, data: T): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, data);
}
