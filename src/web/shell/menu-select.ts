import type { StoredService } from '../lib/stores/packages-store.ts';

type Navigate = (to: string) => unknown;

/**
 * The services menu's link click (SPEC.md §4 service selection): instead of following the link
 * at once, fetch the service's packages, store them and then go to the page, or show the
 * no-packages toast. The work loads on the first click; modified clicks stay plain links.
 */
export function onServiceLinkClick(
  event: React.MouseEvent<HTMLAnchorElement>,
  service: StoredService,
  navigate: Navigate,
) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  event.preventDefault();
  void import('./deferred.ts')
    .then((m) => m.loadCatalogActions())
    .then((actions) => actions.selectService(service, navigate));
}
