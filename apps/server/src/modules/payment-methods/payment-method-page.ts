/** The account area's page that shows the saved card (Settings, Profile): where a card setup returns. */
export const PAYMENT_METHOD_PAGE = '/accounts/settings/user-management';
