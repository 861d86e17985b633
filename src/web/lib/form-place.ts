import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * Whether a navigation only moves within one order's application form (/package-form?orderId=…:
 * another member, step or the review). The form writes those places to the address itself with
 * pushState and follows the browser's Back and Forward between them; the router, which also hears
 * them, has nothing new to load for the page (its loader reads only the address). The root's
 * loader still runs as on any navigation: a rule of its own would add to the script every page
 * loads (the 120 KB budget). A submission still revalidates as usual.
 */
export function withinApplicationForm({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  const orderId = currentUrl.searchParams.get('orderId');
  return (
    formMethod === undefined &&
    orderId !== null &&
    currentUrl.pathname === '/package-form' &&
    nextUrl.pathname === '/package-form' &&
    nextUrl.searchParams.get('orderId') === orderId
  );
}
