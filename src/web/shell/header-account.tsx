import { type MenuUser, UserMenu } from '../features/account/user-menu.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';

/**
 * The header's signed-in controls (SPEC.md §2): the bell with its notification panel and the
 * avatar opening the user menu, on desktop and mobile alike. Loaded only for a signed-in user.
 */
export default function HeaderAccount({ user }: { user: MenuUser }) {
  return (
    <div className="flex items-center gap-1 desk:gap-2">
      <NotificationBell />
      <UserMenu user={user} />
    </div>
  );
}
