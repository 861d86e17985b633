import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ITEMS_TEXT } from './text.ts';

/**
 * "Remove …?" before a photo or an item with photos goes (a stray tap on a phone lost an upload):
 * Remove in red and "Keep it"; a refusal is said in the dialog, which stays open.
 */
export function ConfirmRemove({
  trigger,
  title,
  description,
  remove,
  focusAfter,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  remove: () => Promise<unknown>;
  /** Where the focus goes once removed (the trigger is gone with what it removed). */
  focusAfter: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={ITEMS_TEXT.removeConfirm}
      keepLabel={ITEMS_TEXT.removeKeep}
      onConfirm={async () => {
        try {
          await remove();
        } catch (error) {
          throw new Error(errorMessage(error, ITEMS_TEXT.removeFailed));
        }
      }}
      focusAfterConfirm={focusAfter}
    />
  );
}
