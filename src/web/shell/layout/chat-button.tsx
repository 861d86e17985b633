import { useEffect, useRef } from 'react';
import { whatsappHref } from '../../../domain/config/navigation.ts';

/** Scrolled less than this, in px, the button stays as it is: a finger's jitter is no direction. */
const SCROLL_SLACK_PX = 8;

/**
 * Marks `element` `data-scrolled-away` while the page is scrolled down, and clears it when it is
 * scrolled up or reaches its foot (where the footer keeps room for the button): below the desk
 * width app.css then fades the button out, so it covers no field or amount the reader is moving
 * through. Answers the listener's removal.
 */
export function awayWhileScrollingDown(element: HTMLElement): () => void {
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    if (Math.abs(y - last) < SCROLL_SLACK_PX) return;
    const atFoot = y + window.innerHeight >= document.documentElement.scrollHeight - SCROLL_SLACK_PX;
    element.toggleAttribute('data-scrolled-away', y > last && !atFoot);
    last = y;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/**
 * SPEC.md §2: the floating messaging-app chat button. Its landmark, the layout's last block, is
 * the room at the page's foot that the button needs when a sticky bar lifts it (app.css). On a
 * phone it steps aside while the page is scrolled down (walks found it over a photo's checks and a
 * field's edge), and is back on the way up; the keyboard's focus always shows it.
 */
export function ChatButton({ number }: { number: string }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => (link.current ? awayWhileScrollingDown(link.current) : undefined), []);
  return (
    <aside aria-label="Chat" className="chat-fab-room">
      <a ref={link} href={whatsappHref(number)} target="_blank" rel="noopener noreferrer" className="chat-fab">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-8">
          <use href="/icons/social.svg#whatsapp" />
        </svg>
        <span className="sr-only">Chat with us on WhatsApp</span>
      </a>
    </aside>
  );
}
