import { useEffect, useRef, useState } from 'react';

/**
 * A question asked in the place of its button (Delete's "Keep it?", "Remove a page"'s choice): open,
 * the focus goes to `first` (what answers it); closed without the button gone (kept, Escape), back
 * to `button`. Escape closes it, but not while its answer is being sent (`busy`).
 */
export function useQuestionInPlace<First extends HTMLElement>() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const first = useRef<First>(null);
  const button = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) {
      asked.current = true;
      first.current?.focus();
    } else if (asked.current) {
      asked.current = false;
      button.current?.focus();
    }
  }, [asking]);
  /** Sends the answer, busy meanwhile; the question closes whatever the outcome. */
  async function answer(send: () => Promise<void>) {
    setBusy(true);
    try {
      await send();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      setAsking(false);
    }
  };
  return { asking, setAsking, busy, first, button, answer, onKeyDown };
}
