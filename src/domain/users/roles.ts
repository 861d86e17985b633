import type { UserRole } from './profile.ts';

/**
 * Who may do what in the back office (issue 13, docs/decisions/0067-back-office-roles-audit.md):
 * staff work orders, documents, refunds and the contact inbox; admins do everything, including
 * the catalog, forms, coupons, content, users and roles.
 */
export type StaffRole = Exclude<UserRole, 'customer'>;

export function isStaffRole(role: UserRole): role is StaffRole {
  return role === 'staff' || role === 'admin';
}

/** Whether `role` may do what `needed` may (admin ⊇ staff ⊇ customer). */
export function roleAllows(role: UserRole, needed: UserRole): boolean {
  const rank: Record<UserRole, number> = { customer: 0, staff: 1, admin: 2 };
  return rank[role] >= rank[needed];
}

/**
 * The first admins come from ADMIN_EMAILS: a verified account with one of those e-mails is an
 * admin whatever its stored role, so a fresh deployment has someone who can grant the others.
 */
export function effectiveRole(
  account: { email: string; role: UserRole; emailVerified: boolean },
  adminEmails: ReadonlySet<string>,
): UserRole {
  return account.emailVerified && adminEmails.has(account.email.toLowerCase()) ? 'admin' : account.role;
}

export const ROLE_MESSAGES = {
  /** A signed-in customer on a staff page or endpoint (a visitor is asked to sign in instead). */
  forbidden: 'You do not have access to this page.',
} as const;
