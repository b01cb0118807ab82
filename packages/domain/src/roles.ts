/**
 * Who is an admin: one rule for the server's guards, its SQL (apps/server/src/db/roles.ts) and
 * the web app. The spec counts any role other than the customer's as an admin, so a role added
 * later (support, finance) gets the back office without another copy of this rule changing.
 */

/** The role every account gets when it is created (sign-up, Google). */
export const CUSTOMER_ROLE = 'user';

export function isAdminRole(role: string): boolean {
  return role !== CUSTOMER_ROLE;
}
