/** Name of the httpOnly cookie that carries the session token (DESIGN.md §1). */
export const SESSION_COOKIE_NAME = 'sevadocs_session';

/** Cookies are Secure in a production deployment and whenever the site is served over https. */
export function cookiesAreSecure(env: { isProductionDeployment: boolean; siteUrl: string }): boolean {
  return env.isProductionDeployment || env.siteUrl.startsWith('https:');
}
