/** The CSS variable app.css lifts the floating chat button (chat-button.tsx) by. */
export const CHAT_LIFT_VARIABLE = '--chat-fab-lift';

/**
 * The ref of a bar pinned to the screen's foot (the form's Back and Continue): while it is mounted
 * and sticky, the chat button floats above it, by the bar's own height, which grows as its row
 * wraps (a status beside the buttons, "Waiting for the upload…"); app.css also gives the page's foot
 * and the focus scroll margin that much more room. At the desk width the bar is static and nothing
 * is lifted. React calls the returned function when the bar goes.
 */
export function liftChatButtonAbove(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const root = document.documentElement.style;
  const measure = () => {
    if (getComputedStyle(bar).position === 'sticky') root.setProperty(CHAT_LIFT_VARIABLE, `${bar.offsetHeight}px`);
    else root.removeProperty(CHAT_LIFT_VARIABLE);
  };
  measure();
  // Crossing the desk width changes the bar's size too, so its position is looked at again then.
  const observer = new ResizeObserver(measure);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.removeProperty(CHAT_LIFT_VARIABLE);
  };
}
