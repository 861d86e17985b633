/** The CSS variable app.css lifts the floating chat button (chat-button.tsx) by. */
export const CHAT_LIFT_VARIABLE = '--chat-fab-lift';

/** Scrolled less than this, in px, the chat button stays as it is: a finger's jitter is no direction. */
const SCROLL_SLACK_PX = 8;

/**
 * While the page is scrolled down, marks the chat button (chat-button.tsx) `data-scrolled-away`,
 * and clears it when the page is scrolled up or reaches its foot (where the footer keeps room for
 * it): below the desk width app.css then fades it out, so it covers no field, photo check or amount
 * the reader is moving through; the keyboard's focus still shows it. For the pages whose content
 * it covered in walks (a form's steps, the order page), from their own code: not in every page's
 * first-load JavaScript. Answers the listener's removal.
 */
export function chatButtonAsideWhileScrollingDown(): () => void {
  const button = document.querySelector<HTMLElement>('.chat-fab');
  if (!button) return () => {};
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    if (Math.abs(y - last) < SCROLL_SLACK_PX) return;
    const atFoot = y + window.innerHeight >= document.documentElement.scrollHeight - SCROLL_SLACK_PX;
    button.toggleAttribute('data-scrolled-away', y > last && !atFoot);
    last = y;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    button.removeAttribute('data-scrolled-away');
  };
}

/**
 * The ref of a bar pinned to the screen's foot (the form's Back and Continue): while it is mounted
 * and sticky, the chat button floats above it, by the bar's own height, which grows as its row
 * wraps (a status beside the buttons, "Waiting for the upload…"); app.css also gives the page's foot
 * and the focus scroll margin that much more room. At the desk width the bar is static and nothing
 * is lifted. Meanwhile the button steps aside while the page is scrolled down. React calls the
 * returned function when the bar goes.
 */
export function liftChatButtonAbove(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const root = document.documentElement.style;
  const measure = () => {
    if (getComputedStyle(bar).position === 'sticky') root.setProperty(CHAT_LIFT_VARIABLE, `${bar.offsetHeight}px`);
    else root.removeProperty(CHAT_LIFT_VARIABLE);
  };
  measure();
  const aside = chatButtonAsideWhileScrollingDown();
  // Crossing the desk width changes the bar's size too, so its position is looked at again then.
  const observer = new ResizeObserver(measure);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    aside();
    root.removeProperty(CHAT_LIFT_VARIABLE);
  };
}
