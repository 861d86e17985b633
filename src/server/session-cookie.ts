/** Name of the httpOnly cookie that carries the session token (DESIGN.md §1). */
export const SESSION_COOKIE_NAME = 'sevadocs_session';
