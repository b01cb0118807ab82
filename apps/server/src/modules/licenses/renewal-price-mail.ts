import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { greeting } from '@lbs/domain/greeting';
import { truncateKey } from '@lbs/domain/license-terms';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { NotificationType } from '@lbs/domain/statuses';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';

/** A holder told of a new renewal price: their licence, its renewal (the end it follows) and both prices. */
export interface PriceNoticeTarget {
  key: string;
  type: string;
  /** The end of the current term: the renewal that charges the new price. */
  renewsAt: Date;
  wasCents: number;
  nowCents: number;
  email: string;
  firstName: string;
  timeZone: string;
}

const planName = (type: string) => findPlanByLicenseType(type)?.name ?? 'LentiBooth license';

/** What the notice says, in the mail and the notification alike. */
function lead(n: PriceNoticeTarget): string {
  const on = formatDateTimeWithZone(n.renewsAt, n.timeZone);
  return (
    `the price of the ${planName(n.type)} changed: your key ${truncateKey(n.key)} renews automatically on ${on} for ` +
    `${formatUsd(fromCents(n.nowCents))} (it was ${formatUsd(fromCents(n.wasCents))}), and each renewal after it at that price.`
  );
}

const TURN_OFF =
  'If you do not want it to renew at this price, turn automatic renewal off under Licences in your account before then; the paid term still runs to its end.';

/** The price notice's mail (DESIGN §6.3: sent at least 7 days before the charge). */
export function renewalPriceMail(n: PriceNoticeTarget, publicUrl: string): MailMessage {
  const amount = formatUsd(fromCents(n.nowCents));
  const { html, text } = renderMail({
    title: 'Your renewal price changes',
    paragraphs: [`${greeting({ firstName: n.firstName })} ${lead(n)}`, TURN_OFF],
    rows: [
      ['License key', truncateKey(n.key)],
      ['Plan', planName(n.type)],
      ['Renews on', formatDateTimeWithZone(n.renewsAt, n.timeZone)],
      ['New price', amount],
      ['Price until now', formatUsd(fromCents(n.wasCents))],
    ],
    button: { label: 'Manage my licenses', url: `${publicUrl}/accounts/overview` },
    footnote:
      'A change in the price of a license that renews automatically is announced at least 7 days before it is charged.',
  });
  return {
    to: n.email,
    subject: headerSafe(`The price of your LentiBooth renewal changes to ${amount}`),
    html,
    text,
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The matching notification. */
export function renewalPriceNotification(n: PriceNoticeTarget): {
  type: NotificationType;
  title: string;
  message: string;
} {
  return {
    type: 'license_expiring',
    title: 'Renewal price changes',
    message: `${capitalised(lead(n))} ${TURN_OFF}`,
  };
}
