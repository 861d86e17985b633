import { whatsappHref } from '../../../domain/config/navigation.ts';

/** SPEC.md §2: the floating messaging-app chat button. */
export function ChatButton({ number }: { number: string }) {
  return (
    <aside aria-label="Chat">
      <a href={whatsappHref(number)} target="_blank" rel="noopener noreferrer" className="chat-fab">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-8">
          <use href="/icons/social.svg#whatsapp" />
        </svg>
        <span className="sr-only">Chat with us on WhatsApp</span>
      </a>
    </aside>
  );
}
