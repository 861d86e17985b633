import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import type { UserRole } from '../../../domain/users/profile.ts';
import { isStaffRole } from '../../../domain/users/roles.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { logout } from '../../lib/stores/session-store.ts';

export interface MenuUser {
  name: string;
  email: string;
  /** Staff and admins also get the back office (issue 13). */
  role?: UserRole;
}

/** Up to two initials of a name ('Priya Sharma' → 'PS'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters
    .map((part) => part?.[0] ?? '')
    .join('')
    .toUpperCase();
}

type ItemId = 'admin' | 'profile' | 'logout';

/**
 * SPEC.md §2 user menu, opened from the profile avatar: Profile (to /profile) and Log out. The
 * item last chosen is shown as active (SPEC.md §4: set on click). Staff and admins see Back
 * office first.
 */
export function UserMenu({ user }: { user: MenuUser }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [active, setActive] = useState<ItemId | null>(pathname === ROUTES.PROFILE ? 'profile' : null);
  const [leaving, setLeaving] = useState(false);

  const items: { id: ItemId; label: string; icon: IconName; run(): void }[] = [
    ...(user.role && isStaffRole(user.role)
      ? [
          {
            id: 'admin' as const,
            label: 'Back office',
            icon: 'layout-dashboard' as const,
            run: () => void navigate(ROUTES.ADMIN),
          },
        ]
      : []),
    { id: 'profile', label: 'Profile', icon: 'user-round', run: () => void navigate(ROUTES.PROFILE) },
    {
      id: 'logout',
      label: 'Log out',
      icon: 'log-out',
      run: () => {
        setLeaving(true);
        void logout();
      },
    },
  ];

  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`Account menu for ${user.name}`}
        className="inline-flex size-11 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white ring-offset-2 hover:bg-brand-700 aria-expanded:ring-2 aria-expanded:ring-brand-500"
      >
        {/* Initials drawn by CSS: the visible text stays out of the button's name ("Account menu for …"). */}
        {initials(user.name) ? (
          <span
            aria-hidden="true"
            data-initials={initials(user.name)}
            className="before:content-[attr(data-initials)]"
          />
        ) : (
          <Icon name="user-round" />
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-[60] w-64 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10"
        >
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p className="truncate text-sm font-bold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <div className="pt-1">
            {items.map((item) => (
              <Menu.Item
                key={item.id}
                disabled={leaving}
                data-current={active === item.id || undefined}
                onSelect={() => {
                  setActive(item.id);
                  item.run();
                }}
                className="menu-link cursor-pointer outline-none data-current:bg-brand-50 data-current:text-brand-700 data-highlighted:bg-brand-50 data-highlighted:text-brand-700 data-disabled:opacity-60"
              >
                <Icon name={item.icon} className="size-4 text-brand-600" />
                {item.label}
                {active === item.id ? <span className="sr-only"> (current)</span> : null}
              </Menu.Item>
            ))}
          </div>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
