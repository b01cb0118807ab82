import { formatUsd, roundMoney } from '@lbs/domain/money';

/** What the refund dialog says once the provider answered (REFUND_MSG holds the refusals). */
export const REFUND_DIALOG_TEXT = {
  pending: 'Waiting for the payment provider. The refund shows here once it settles.',
  succeeded: (amount: number, creditNote: string | null) =>
    `Refunded ${formatUsd(amount)}.${creditNote ? ` Credit note ${creditNote} was issued.` : ''}`,
} as const;

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** '12.34' (a '$' and thousands commas allowed) → 12.34; anything else → null. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return AMOUNT.test(t) ? roundMoney(Number(t)) : null;
}
