/**
 * A full navigation, for a page that must load afresh or is not one of our routes (a payment
 * provider's page). An object, so a test can replace `url` (jsdom does not navigate).
 */
export const goTo = {
  url(url: string) {
    window.location.assign(url);
  },
};
