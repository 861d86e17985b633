/**
 * How often a customer's open order page asks for news (a status change by staff, a refund):
 * the application's and the paid photo order's alike. React Query pauses the interval in a hidden
 * tab, and the page also asks again when its tab comes back (the app's default is not to).
 */
export const ORDER_REFRESH_MS = 30_000;
