import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { focusPopupItself } from '../../components/ui/popup-focus.ts';
import { NotificationPanel } from './notification-panel.tsx';
import { newestId, useNotifications } from './use-notifications.ts';

/**
 * SPEC.md §2 header bell: the unread count as a badge, and the notification panel in a popover
 * that closes on an outside click. The list loads on login and again whenever the panel toggles.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { list, loading, reload, remove, markRead } = useNotifications();
  const titleId = useId();
  const unread = list?.unreadCount ?? 0;

  // SPEC.md §4: the list refreshes whenever the panel toggles. Opening it also marks read what it
  // lists, so the badge clears once the panel closes (items still show as new while it is open):
  // not when the list did not load (the customer saw none of it), nor one made after it loaded.
  function toggle(next: boolean) {
    setOpen(next);
    void reload().then((shown) => {
      const upTo = shown ? newestId(shown) : null;
      if (next && upTo !== null) void markRead(upTo);
    });
  }

  return (
    <Popover.Root open={open} onOpenChange={toggle}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="icon-btn relative text-slate-700"
      >
        <Icon name="bell" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.7rem] leading-5 font-bold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          onOpenAutoFocus={focusPopupItself}
          aria-label={`Notifications (${list?.totalCount ?? 0})`}
          className="z-[60] w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10 outline-none"
        >
          <NotificationPanel
            list={list}
            loading={loading}
            titleId={titleId}
            onRemove={(id) => void remove(id)}
            onNavigate={() => setOpen(false)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
