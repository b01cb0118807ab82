import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { formatDate } from '@lbs/domain/dates';
import { greeting } from '@lbs/domain/greeting';
import { truncateKey } from '@lbs/domain/license-terms';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { creditNoteLabel } from '@lbs/domain/refunds';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';
import type { TakenBack } from '../license-changes/take-back-licenses';

export interface RefundNews {
  orderId: number;
  email: string;
  amountCents: number;
  currency: string;
  reason: string;
  creditNoteNo: number;
  succeededAt: Date;
  cancelled: boolean;
  taken: TakenBack;
  greetAs: { firstName?: string | null; username?: string | null; shippingName?: string | null };
  /** The customer's zone (users.time_zone): the dates they read. */
  timeZone: string;
  publicUrl: string;
}

const planName = (type: string) => findPlanByLicenseType(type)?.name ?? 'LentiBooth license';

/** What changed for the customer's keys, in words (the refund's one mail says it; no separate revocation mail). */
function keyLines(n: RefundNews): string[] {
  return [
    ...n.taken.revoked.map((k) => `${planName(k.type)} key ${truncateKey(k.key)} was revoked: LentiBooth stops working on its device at its next licence check.`),
    ...n.taken.shortened.map((k) =>
      k.expiresAt
        ? `${planName(k.type)} key ${truncateKey(k.key)} keeps the term paid before the refunded renewal: it now runs until ${formatDate(k.expiresAt, n.timeZone)}.`
        : `${planName(k.type)} key ${truncateKey(k.key)} keeps the term paid before the refunded renewal (${k.unstartedHours ?? 0} hours from its first activation).`,
    ),
    // A refunded automatic renewal's key keeps working to its earlier end, but renews no more.
    ...n.taken.renewalStopped.map(
        (k) =>
          `${planName(k.type)} key ${truncateKey(k.key)} no longer renews automatically: nothing more is charged for it. You can turn renewal back on under Licences in your account.`,
      ),
  ];
}

/** The customer's notification text. */
export function refundNotice(n: RefundNews): { title: string; message: string } {
  const amount = formatUsd(fromCents(n.amountCents));
  return {
    title: n.cancelled ? `Order #${n.orderId} cancelled and refunded` : `Refund for order #${n.orderId}`,
    message: [`${amount} was refunded on ${formatDate(n.succeededAt, n.timeZone)} (credit note ${creditNoteLabel(n.creditNoteNo)}).`, ...keyLines(n)].join(' '),
  };
}

/** The refund's one mail: the amount, the credit note, the reason, and what happened to the keys. */
export function refundMail(n: RefundNews): MailMessage {
  const amount = formatUsd(fromCents(n.amountCents));
  const cn = creditNoteLabel(n.creditNoteNo);
  return {
    to: n.email,
    subject: headerSafe(n.cancelled ? `Your LentiBooth order #${n.orderId} was cancelled and refunded` : `Your LentiBooth refund for order #${n.orderId}`),
    ...renderMail({
      title: n.cancelled ? 'Your order was cancelled' : 'Your refund',
      paragraphs: [
        `${greeting(n.greetAs)} we refunded ${amount} for order #${n.orderId}. It goes back to the card or account you paid with; your bank may take a few days to show it.`,
        ...keyLines(n),
      ],
      rows: [
        ['Order', `#${n.orderId}`],
        ['Refunded', `${amount} ${n.currency.toUpperCase()}`],
        ['Credit note', cn],
        ['Date', formatDate(n.succeededAt, n.timeZone)],
        ['Reason', n.reason],
      ],
      button: { label: 'See your invoices', url: `${n.publicUrl}/accounts/settings/invoice` },
    }),
  };
}
