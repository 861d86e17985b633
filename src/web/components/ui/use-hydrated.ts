import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during server rendering and hydration, true afterwards. Lets a control keep a no-JS
 * fallback (CSS hover, plain links) in the server HTML and switch to scripted behaviour once
 * React runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
