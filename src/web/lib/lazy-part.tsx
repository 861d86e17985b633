import { type ComponentType, lazy, useEffect, useState } from 'react';

/** The frame of a part whose code may not have arrived; `aria-busy` until it is live. */
const PART_FRAME = 'data-lazy-part';
const BUSY_PART = `[${PART_FRAME}][aria-busy="true"]`;
/** What a tap before the code arrived is kept for: a control that acts when tapped. */
const TAPPABLE = 'button, [role="button"], input[type="submit"]';

/** The control tapped in a part that was not live yet, to tap again once it is. */
let held: { control: HTMLElement; pointerType: string } | null = null;

// Listening from the start, before any part hydrates (a part and its frame hydrate together,
// inside their Suspense boundary), and on the window, ahead of React's own listener on the
// document: React stops a click on a part it cannot hydrate yet from going any further.
if (!import.meta.env.SSR) {
  window.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPABLE) : null;
      if (!control?.closest(BUSY_PART)) return;
      held = { control, pointerType: event instanceof PointerEvent ? event.pointerType : 'mouse' };
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}

/**
 * Taps the held control again once no part around it is busy (parts inside parts go live in
 * turn): the whole sequence a tap makes, in the browser's order, since a control may act on the
 * press (Radix's menu trigger opens on `pointerdown`, its tabs select on `mousedown`) or on the
 * click (a button, Radix's popover trigger).
 */
function replayHeldTap(): void {
  if (!held) return;
  const { control, pointerType } = held;
  if (!control.isConnected) {
    held = null;
    return;
  }
  if (control.closest(BUSY_PART)) return;
  held = null;
  const press = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType };
  control.dispatchEvent(new PointerEvent('pointerdown', { ...press, buttons: 1 }));
  control.dispatchEvent(new MouseEvent('mousedown', { ...press, buttons: 1 }));
  control.dispatchEvent(new PointerEvent('pointerup', press));
  control.dispatchEvent(new MouseEvent('mouseup', press));
  control.click();
}

export interface LazyPartOptions {
  /**
   * Starts loading the code in the browser as soon as the module that makes the part runs, rather
   * than when React first renders it: for a route's page, which every visit renders. The route's
   * module runs before the page hydrates, so the page's code downloads while the page hydrates
   * (about 0.2 s on a desktop, 0.8 s on a phone's CPU) instead of after (decision 0140).
   */
  early?: boolean;
}

/**
 * A component whose code loads after the first paint, with a frame that holds a tap made before
 * it is live. The server renders it into the document, so its buttons show before their code has
 * arrived, and React does not replay a tap on server HTML whose code is still loading: a quick
 * tap on a slow phone did nothing. The frame is marked busy (in the server's HTML too) until the
 * part is live; a tap on a button inside a busy frame is held and made again on the same button
 * once no frame around it is busy (React hydrates the server's elements in place, so it is the
 * button the visitor tapped).
 *
 * No Suspense boundary of its own: the one around it (a page's, with its loading message) shows
 * while the code loads.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyPartOptions = {}) {
  let loading: Promise<ComponentType<P>> | undefined;
  // One load for the early start and React's first render; an early one that failed is tried
  // again by that render.
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  if (options.early && !import.meta.env.SSR) start().catch(() => {});
  const Part = lazy(async () => {
    const Loaded = await start();
    // biome-ignore lint/correctness/noComponentHookFactories: lazy() runs this once, at the part's first render: one stable component.
    function Live({ onLive, ...props }: P & { onLive(live: true): void }) {
      useEffect(() => onLive(true), [onLive]);
      return <Loaded {...(props as P)} />;
    }
    return { default: Live };
  });

  // biome-ignore lint/correctness/noComponentHookFactories: called once per module, at its top level: one stable component.
  return function LazyPart(props: P) {
    const [live, setLive] = useState(false);
    useEffect(() => {
      if (live) replayHeldTap();
    }, [live]);
    return (
      <div className="contents" {...{ [PART_FRAME]: '' }} aria-busy={!live}>
        <Part {...props} onLive={setLive} />
      </div>
    );
  };
}
