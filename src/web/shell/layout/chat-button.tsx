import { whatsappHref } from '../../../domain/config/navigation.ts';

/**
 * SPEC.md §2: the floating messaging-app chat button. Its landmark, the layout's last block, is
 * the room at the page's foot that the button needs when a sticky bar lifts it (app.css).
 */
export function ChatButton({ number }: { number: string }) {
  return (
    <aside aria-label="Chat" className="chat-fab-room">
      <a href={whatsappHref(number)} target="_blank" rel="noopener noreferrer" className="chat-fab">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-8">
          <use href="/icons/social.svg#whatsapp" />
        </svg>
        <span className="sr-only">Chat with us on WhatsApp</span>
      </a>
    </aside>
  );
}
