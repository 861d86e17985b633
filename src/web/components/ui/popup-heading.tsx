import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from './icon.tsx';

/**
 * A dialog's or phone sheet's title, its line of explanation and its Close button. Radix Dialog's
 * parts, which vaul's Drawer parts are: the same heading serves both.
 */
export function PopupHeading({
  title,
  description,
  large = false,
  className = '',
}: {
  title: string;
  description: string;
  /** The desktop sign-in dialog's larger title. */
  large?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div>
        <Dialog.Title className={`${large ? 'text-2xl' : 'text-xl'} font-bold text-slate-900`}>{title}</Dialog.Title>
        <Dialog.Description className={`mt-1 ${large ? 'text-[0.95rem]' : 'text-sm'} text-slate-600`}>
          {description}
        </Dialog.Description>
      </div>
      <Dialog.Close aria-label="Close" className="icon-btn -mt-1 -mr-2 shrink-0">
        <Icon name="x" className="size-6" />
      </Dialog.Close>
    </div>
  );
}
