/** SPEC.md §2 route constants and the other routes the app links to. */
export const ROUTES = {
  HOME: '/',
  DASHBOARD: '/dashboard',
  FORGOT_PASSWORD: '/forgot-password',
  CREATE_PASSWORD: '/create-password',
  PHOTOS: '/photos',
  PHOTO_ORDER: '/photos/photo-order',
  SERVICE_ORDER: '/service-order',
  /** A paid application member's answers in the government portal's format, to copy (issue 32 §3). */
  COPY_ASSIST: '/service-order/copy-assist',
  /** An application's checkout: add-ons, coupon, cost summary and Pay (decision 0088). */
  CHECKOUT: '/checkout',
  PROFILE: '/profile',
  /** Where an erased customer lands, loaded afresh and signed out (decision 0159). */
  ACCOUNT_DELETED: '/account-deleted',
  PHOTO_PAYMENT_SUCCESS: '/photo-payment-success',
  PHOTO_ENHANCEMENT_ORDER: '/photos/photo-enhancement',
  VERIFY_EMAIL: '/verify-email',
  SERVICE_PAYMENT_SUCCESS: '/service-payment-success',
  SIGN_IN: '/signin',
  SIGN_UP: '/signup',
  PACKAGE_FORM: '/package-form',
  SERVICES: '/services',
  CONTACT: '/contact',
  ABOUT: '/about-us',
  REFER_FRIEND: '/refer-friend',
  REFUND_REQUEST: '/refund-request',
  VISA_SERVICE: '/visa-service',
  INDIAN_TOURIST_VISA: '/indian-tourist-visa',
  CAMPAIGN_THANK_YOU: '/indiavisacampaign/thank-you',
  FAQ: '/sevadocs-service-faqs',
  GUIDELINE: '/guideline',
  PRIVACY_POLICY: '/privacy-policy',
  ARTICLES: '/articles',
  // The back office (issue 13): staff and admins only, never indexed or cached. Its pages' paths are
  // ADMIN_ROUTES (admin-routes.ts): every page's first load carries this object, and no storefront
  // page links into the back office but its home.
  ADMIN: '/admin',
} as const;

/**
 * Where a photo order starts (SPEC.md §4: sign-in from /photos and photo-order sign-up go there;
 * the /photos page's "Start your photo order" too). The flow's page is the photo orders work of
 * issue 12; one constant so that every way in follows it if its path changes.
 */
export const PHOTO_ORDER_PATH: string = ROUTES.PHOTO_ENHANCEMENT_ORDER;

export const GUIDELINE_TABS = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy and Cookies',
} as const;

export function guidelineHref(tab: (typeof GUIDELINE_TABS)[keyof typeof GUIDELINE_TABS]): string {
  return `${ROUTES.GUIDELINE}?${new URLSearchParams({ active: tab })}`;
}
