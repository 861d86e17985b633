import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import type { UserRole } from '../../../domain/users/profile.ts';
import { roleAllows } from '../../../domain/users/roles.ts';

/** One entry of the back office's navigation, shown to the roles that may use it. */
export interface AdminSection {
  label: string;
  to: string;
  role: 'staff' | 'admin';
}

/** The back office's sections in navigation order (issue 13). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Overview', to: ROUTES.ADMIN, role: 'staff' },
  { label: 'Audit log', to: ADMIN_ROUTES.AUDIT_LOG, role: 'admin' },
  { label: 'Orders', to: ADMIN_ROUTES.ORDERS, role: 'staff' },
  { label: 'Photo checks', to: ADMIN_ROUTES.PHOTO_CHECKS, role: 'staff' },
  { label: 'Users', to: ADMIN_ROUTES.USERS, role: 'admin' },
  { label: 'Refunds', to: ADMIN_ROUTES.REFUNDS, role: 'staff' },
  { label: 'Referral rewards', to: ADMIN_ROUTES.REFERRAL_REWARDS, role: 'staff' },
  { label: 'Messages', to: ADMIN_ROUTES.MESSAGES, role: 'staff' },
  { label: 'Data requests', to: ADMIN_ROUTES.DATA_RIGHTS, role: 'staff' },
  { label: 'Catalog', to: ADMIN_ROUTES.CATALOG, role: 'admin' },
  { label: 'Coupons', to: ADMIN_ROUTES.COUPONS, role: 'admin' },
  { label: 'Countries', to: ADMIN_ROUTES.COUNTRIES, role: 'admin' },
  { label: 'Forms', to: ADMIN_ROUTES.FORMS, role: 'admin' },
  { label: 'Content', to: ADMIN_ROUTES.CONTENT, role: 'admin' },
];

export function sectionsFor(role: UserRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => roleAllows(role, section.role));
}
