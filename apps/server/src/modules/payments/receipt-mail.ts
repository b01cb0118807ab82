import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { greeting } from '@lbs/domain/greeting';
import { MSG } from '@lbs/domain/messages';
import { countryName } from '@lbs/domain/shipping';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { orders } from '../../db/schema';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';
import type { IssuedLicense } from '../license-changes/issue-licenses';

type OrderRow = typeof orders.$inferSelect;

const usd = (cents: number) => formatUsd(fromCents(cents));

/** A key this payment renewed: the same key, with its new expiry. */
export interface RenewedKey {
  key: string;
  /** Plan name ('Monthly License'). */
  name: string;
  expiresAt: Date;
  /** A Daily pass renewed before its first activation: its hours (24 per pass) and activate-by date. */
  unstarted?: { hours: number; activateBy: Date } | null;
}

/**
 * The receipt: what was paid, the invoice number, every new licence key with its validity, and
 * every renewed key with the date it is now renewed until.
 */
export function receiptMail(input: {
  order: OrderRow;
  lines: ReadonlyArray<{ name: string; quantity: number; lineTotalCents: number }>;
  invoiceNo: number;
  licenses: readonly IssuedLicense[];
  renewed?: readonly RenewedKey[];
  /** Who the mail greets (domain greeting rule). */
  greetAs: { firstName?: string | null; shippingName?: string | null; username?: string | null };
  /** The buyer's time zone (users.time_zone): every date in the mail is in it. */
  timeZone: string;
  publicUrl: string;
}): MailMessage {
  const { order, lines, invoiceNo, licenses, publicUrl } = input;
  const day = (d: Date) => formatDateTimeWithZone(d, input.timeZone);
  const renewed = input.renewed ?? [];
  const rows: Array<[string, string]> = [
    ['Invoice', formatInvoiceNo(invoiceNo)],
    ['Order', `#${order.id}`],
    ...lines.map((line): [string, string] => [`${line.name} × ${line.quantity}`, usd(line.lineTotalCents)]),
    ['Subtotal', usd(order.subtotalCents)],
  ];
  if (order.needsShipping) rows.push(['Shipping', usd(order.shippingCents)]);
  if (order.discountCents > 0) rows.push([`Discount${order.promoCode ? ` (${order.promoCode})` : ''}`, `-${usd(order.discountCents)}`]);
  rows.push(['Total paid', `${usd(order.totalCents)} USD`]);
  licenses.forEach((license, i) => {
    rows.push([`${license.name} key ${licenses.length > 1 ? i + 1 : ''}`.trim(), license.key]);
    // A Daily pass starts at its first activation, not at payment: its end is not known yet.
    if (license.activateBy) {
      rows.push(['Starts', MSG.licenseStartsOnFirstActivation]);
      rows.push(['Activate by', day(license.activateBy)]);
    } else rows.push([`Valid until`, day(license.expiresAt)]);
  });
  for (const r of renewed) {
    rows.push([`${r.name} key (renewed)`, r.key]);
    if (r.unstarted) {
      rows.push(['Runs for', `${r.unstarted.hours} hours from its first activation`]);
      rows.push(['Activate by', day(r.unstarted.activateBy)]);
    } else rows.push(['Renewed until', day(r.expiresAt)]);
  }

  const paragraphs = [
    `${greeting(input.greetAs)} thank you for your order. We have received your payment of ${usd(order.totalCents)} USD.`,
  ];
  if (licenses.length) {
    const passes = licenses.filter((l) => l.activateBy).length;
    const started = licenses.length - passes;
    paragraphs.push(
      licenses.length === 1
        ? `Your licence key is below. It activates LentiBooth on one device, and ${passes ? 'its 24 hours start when you first activate it' : 'its term started when your payment was confirmed'}.`
        : `Your ${licenses.length} licence keys are below. Each key activates LentiBooth on one device. ${
            passes === 0
              ? 'Each term started when your payment was confirmed.'
              : started === 0
                ? "Each Daily pass's 24 hours start when you first activate it."
                : "A Daily pass's 24 hours start when you first activate it; every other term started when your payment was confirmed."
          }`,
    );
    if (passes) paragraphs.push('Activate a Daily pass by the date shown: an unused pass ends then.');
  }
  if (order.renewalTermEnd) {
    paragraphs.push(
      'This licence renewed automatically: your saved card was charged, as you chose. You can turn automatic renewal off at any time under Licences in your account; a paid term always runs to its end.',
    );
  }
  if (renewed.length === 1 && renewed[0]!.unstarted) {
    paragraphs.push(
      `Your Daily pass ${renewed[0]!.key} now runs for ${renewed[0]!.unstarted.hours} hours from its first activation. It is the same key, still to be activated by ${day(renewed[0]!.unstarted.activateBy)}.`,
    );
  } else if (renewed.length) {
    paragraphs.push(
      renewed.length === 1
        ? `Your licence key is renewed until ${day(renewed[0]!.expiresAt)}. It is the same key: it keeps working on its device, with nothing to re-activate.`
        : `Your ${renewed.length} licence keys are renewed, each until the date below. They are the same keys: each keeps working on its device, with nothing to re-activate.`,
    );
  }
  if (order.needsShipping && order.shippingInfo) {
    const to = order.shippingInfo;
    paragraphs.push(
      `We will ship your items to ${to.name}, ${to.address}, ${to.city} ${to.zip}, ${countryName(to.country) ?? to.country} and email you a tracking reference when the parcel leaves our warehouse, normally within 2 business days.`,
    );
  }
  const { html, text } = renderMail({
    title: 'Your LentiBooth receipt',
    paragraphs,
    rows,
    button: { label: 'Go to my account', url: `${publicUrl}/accounts/overview` },
    footnote: `${MSG.pricesNett} Keep this email: it is your receipt and holds your licence keys.`,
  });
  return { to: order.email, subject: headerSafe(`Your LentiBooth receipt for order #${order.id}`), html, text };
}
