/** The back office's page paths (issue 13), apart from ROUTES: only the back office's own code links them. */
export const ADMIN_ROUTES = {
  AUDIT_LOG: '/admin/audit-log',
  USERS: '/admin/users',
  REFUNDS: '/admin/refunds',
  REFERRAL_REWARDS: '/admin/referral-rewards',
  MESSAGES: '/admin/messages',
  CATALOG: '/admin/catalog',
  COUPONS: '/admin/coupons',
  COUNTRIES: '/admin/countries',
  ORDERS: '/admin/orders',
  PHOTO_CHECKS: '/admin/photo-checks',
  DATA_RIGHTS: '/admin/data-rights',
  FORMS: '/admin/forms',
  CONTENT: '/admin/content',
} as const;
