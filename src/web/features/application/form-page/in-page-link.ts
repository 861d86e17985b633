import type { MouseEvent } from 'react';

/**
 * The click handler of a link that opens another member, step or the review in place (saving
 * first, focus managed): a plain click stays on the page; a click meant for a new tab or window
 * follows the href as usual.
 */
export function inPageLink(open: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    open();
  };
}
