/** Leaves the app for a page elsewhere (Stripe's hosted checkout), as a link would. */
export function goToExternalPage(url: string): void {
  window.location.assign(url);
}
