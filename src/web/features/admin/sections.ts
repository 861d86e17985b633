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
  { label: 'Audit log', to: ROUTES.ADMIN_AUDIT_LOG, role: 'admin' },
  { label: 'Orders', to: ROUTES.ADMIN_ORDERS, role: 'staff' },
  { label: 'Photo checks', to: ROUTES.ADMIN_PHOTO_CHECKS, role: 'staff' },
  { label: 'Users', to: ROUTES.ADMIN_USERS, role: 'admin' },
  { label: 'Refunds', to: ROUTES.ADMIN_REFUNDS, role: 'staff' },
  { label: 'Referral rewards', to: ROUTES.ADMIN_REFERRAL_REWARDS, role: 'staff' },
  { label: 'Messages', to: ROUTES.ADMIN_MESSAGES, role: 'staff' },
  { label: 'Data requests', to: ROUTES.ADMIN_DATA_RIGHTS, role: 'staff' },
  { label: 'Catalog', to: ROUTES.ADMIN_CATALOG, role: 'admin' },
  { label: 'Coupons', to: ROUTES.ADMIN_COUPONS, role: 'admin' },
  { label: 'Countries', to: ROUTES.ADMIN_COUNTRIES, role: 'admin' },
  { label: 'Forms', to: ROUTES.ADMIN_FORMS, role: 'admin' },
  { label: 'Content', to: ROUTES.ADMIN_CONTENT, role: 'admin' },
];

export function sectionsFor(role: UserRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => roleAllows(role, section.role));
}
