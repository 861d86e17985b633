import { useEffect, useRef, useState } from 'react';

/** An editor's first field; of a radio group, the chosen radio, which is where Tab would land. */
const FIRST_FIELD = 'input:not([type="radio"]):not([type="hidden"]), input[type="radio"]:checked, select, textarea';

/**
 * An editor shown in place of the button that opened it (the order page's member editor, the
 * profile's address editor): what it edits (`editing`, null when closed) and where the focus goes.
 * The swap removes the focused element both ways, which left the focus on `<body>` (review 62 §2):
 * opening focuses the editor's first field, and closing the button that opened it, rendered anew,
 * or `fallback` when that button is gone or disabled. `keyOf` tells the opening buttons apart.
 */
export function useInlineEditor<T>(keyOf: (target: T) => string, fallback: () => HTMLElement | null = () => null) {
  const [editing, setEditing] = useState<T | null>(null);
  const pending = useRef<{ to: 'editor' } | { to: 'opener'; key: string } | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  // Runs after the refs below: an opener still pending here was not rendered, or could not take the focus.
  useEffect(() => {
    if (pending.current?.to !== 'opener') return;
    pending.current = null;
    fallbackRef.current()?.focus();
  });

  return {
    editing,
    open(target: T) {
      pending.current = { to: 'editor' };
      setEditing(target);
    },
    /** Closes the editor (cancelled or saved); with `returnFocus` false the caller places the focus. */
    close(returnFocus = true) {
      if (returnFocus && editing !== null) pending.current = { to: 'opener', key: keyOf(editing) };
      setEditing(null);
    },
    /** The ref of the editor's container. */
    editor(element: HTMLElement | null) {
      if (!element || pending.current?.to !== 'editor') return;
      pending.current = null;
      element.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    },
    /** The ref of the button that opens the editor for `target`. */
    opener: (target: T) => (element: HTMLButtonElement | null) => {
      const want = pending.current;
      if (!element || element.disabled || want?.to !== 'opener' || want.key !== keyOf(target)) return;
      pending.current = null;
      element.focus();
    },
  };
}
