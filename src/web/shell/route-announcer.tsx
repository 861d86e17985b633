import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long after a client-side navigation the new page is read: its title is set by then. */
const SETTLE_MS = 100;

/**
 * Says which page a client-side navigation opened (its title, as a full page load would; its h1
 * when it has none): a screen reader otherwise hears nothing when a link swaps the page. It moves no focus,
 * so the pages that place it themselves (a form's step heading, a payment result) keep doing so.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page (pathname).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const heading = document.querySelector('main h1') ?? document.querySelector('h1');
      setMessage(document.title || heading?.textContent?.trim() || '');
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <p aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </p>
  );
}
