import { type ComponentType, lazy, useEffect, useState } from 'react';

/** The frame of a part whose code may not have arrived; `aria-busy` until it is live. */
const PART_FRAME = 'data-lazy-part';
const BUSY_PART = `[${PART_FRAME}][aria-busy="true"]`;
/** What a tap before the code arrived is kept for: a control that acts when clicked. */
const TAPPABLE = 'button, [role="button"], input[type="submit"]';

/** The control tapped in a part that was not live yet, to click once it is. */
let held: HTMLElement | null = null;

// Listening from the start, before any part hydrates (a part and its frame hydrate together,
// inside their page's Suspense boundary), and on the window, ahead of React's own listener on
// the document: React stops a click on a part it cannot hydrate yet from going any further.
if (!import.meta.env.SSR) {
  window.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPABLE) : null;
      if (!control?.closest(BUSY_PART)) return;
      held = control;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}

/** Clicks the held control once no part around it is busy (parts inside parts go live in turn). */
function replayHeldTap(): void {
  const control = held;
  if (!control?.isConnected) {
    held = null;
    return;
  }
  if (control.closest(BUSY_PART)) return;
  held = null;
  control.click();
}

/**
 * A page component loaded after the first paint together with TanStack Query and its provider
 * (about 8 KB gzipped): a signed-in page whose data loads in the browser keeps its first load
 * within the budget (DESIGN.md §4) when both come with its own chunk.
 *
 * The server renders it into the document, so its buttons show before their code has arrived,
 * and React does not replay a click made on server HTML whose code is still loading: a quick tap
 * on "Download my data" on a slow phone did nothing. The frame around the part is marked busy
 * (in the server's HTML too) until the part is live; a tap on a button inside a busy frame is
 * held and the same button clicked once no frame around it is busy (React hydrates the server's
 * elements in place, so it is the button the visitor tapped).
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(async () => {
    const [Page, { QueryProvider }] = await Promise.all([load(), import('./query-client.tsx')]);
    // biome-ignore lint/correctness/noComponentHookFactories: lazy() runs this once per page, at its first render: one stable component.
    function WithQueries({ onLive, ...props }: P & { onLive(live: true): void }) {
      useEffect(() => onLive(true), [onLive]);
      return (
        <QueryProvider>
          <Page {...(props as P)} />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });

  // biome-ignore lint/correctness/noComponentHookFactories: called once per route module, at its top level: one stable component.
  return function LazyWithQueries(props: P) {
    const [live, setLive] = useState(false);
    useEffect(() => {
      if (live) replayHeldTap();
    }, [live]);
    // No Suspense boundary of its own: the page's (with its loading message) shows while the
    // code loads.
    return (
      <div className="contents" {...{ [PART_FRAME]: '' }} aria-busy={!live}>
        <Part {...props} onLive={setLive} />
      </div>
    );
  };
}
