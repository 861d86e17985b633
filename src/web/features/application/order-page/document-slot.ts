import { createContext, type RefObject, useContext, useEffect } from 'react';

/**
 * The document slot the address names (`?document=`, the element id from
 * documentSlotElementId): the link in a document request's or a sent document's e-mail.
 */
export const DocumentSlotContext = createContext<string | null>(null);

/**
 * Brings the slot `elementId` into view and focuses it when the address names it, once it is on
 * the page (the checklists and the team's documents load after the order): a closed checklist
 * around it opens first. Runs once per slot.
 */
export function useDocumentSlot(ref: RefObject<HTMLElement | null>, elementId: string | null) {
  const named = useContext(DocumentSlotContext);
  const isNamed = elementId !== null && named === elementId;
  useEffect(() => {
    const element = ref.current;
    if (!isNamed || !element) return;
    const details = element.closest('details');
    if (details) details.open = true;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [isNamed, ref]);
  return isNamed;
}
