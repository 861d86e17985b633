import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from '../../domain/limits/constants.ts';

/** Whether a CSS media query matches now (false on the server). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(query).matches,
    () => false,
  );
}

/** SPEC.md §9: widths of 1280 px or less use the mobile layout (drawer, bottom sheets). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
