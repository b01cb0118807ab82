/**
 * Leaving the app for another page (a payment provider's, a server-rendered one) with a full
 * navigation. One object so a screen's test can watch it: jsdom's window.location cannot be spied on.
 */
export const fullNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
