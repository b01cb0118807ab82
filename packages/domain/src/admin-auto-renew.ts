/**
 * An admin turns a customer's automatic renewal off (issue 39, DESIGN §6.3): the body of
 * PUT /api/admin/licenses/:id/auto-renew and the words the back office and the server share.
 * Turning it on is the holder's alone (it charges their card), so the same body with `true` is 403.
 */
import { z } from 'zod';
import { ACTION_REASON_MAX_LENGTH, CUSTOMER_ACTION_MSG } from './customer-actions';
import { safeString } from './schemas';

export const ADMIN_AUTO_RENEW_MSG = {
  onIsHolders: 'Only the license holder can turn automatic renewal on: it charges their card.',
  autoRenewRequired: 'auto_renew: true or false',
} as const;

export const ZAdminAutoRenewBody = z.object({
  auto_renew: z.boolean({ error: ADMIN_AUTO_RENEW_MSG.autoRenewRequired }),
  /** Why, for the audit log and the customer's message; optional. */
  reason: safeString().trim().max(ACTION_REASON_MAX_LENGTH, { error: CUSTOMER_ACTION_MSG.reasonTooLong }).optional(),
});
export type TAdminAutoRenewBody = z.infer<typeof ZAdminAutoRenewBody>;
