import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
