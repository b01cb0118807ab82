import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { LICENSE_PAYMENT_PATH } from '@lbs/domain/license-server';
import { truncateKey } from '@lbs/domain/license-terms';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { Tx } from '../../db/client';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';

/** The licence an automatic renewal is for, as its mails name it. */
export interface RenewingLicense {
  userId: number;
  licenseKey: string;
  type: string;
}

const planName = (type: string) => findPlanByLicenseType(type)?.name ?? 'LentiBooth license';
const usd = (cents: number) => formatUsd(fromCents(cents));
/** Where the holder pays now or changes the card (sign-in required, never a payment link by itself). */
export const licensesPageUrl = (publicUrl: string) => `${publicUrl}${LICENSE_PAYMENT_PATH}`;

/**
 * A charge of an automatic renewal did not go through (decision 0021), told at once: what failed,
 * the next try, where to pay now or change the card, and until when the booth keeps working.
 */
export async function tellRenewalChargeFailed(
  tx: Tx,
  f: { license: RenewingLicense; amountCents: number; failure: string; needsAction: boolean; nextTryAt: Date | null; graceUntil: Date; publicUrl: string },
): Promise<void> {
  const customer = await customerOf(tx, f.license.userId);
  if (!customer) return;
  const day = (d: Date) => customerDate(d, customer.timeZone);
  const key = truncateKey(f.license.licenseKey);
  const next = f.nextTryAt ? `We will try again on ${day(f.nextTryAt)}.` : 'We will not try again by ourselves.';
  const what = f.needsAction ? 'Confirm the payment' : 'Pay now or change your card';
  await tellCustomer(tx, customer, {
    type: 'payment_failed',
    title: 'Your licence renewal payment did not go through',
    subject: `Action needed: the renewal of your ${planName(f.license.type)} was not paid`,
    message: `${f.failure} We could not charge ${usd(f.amountCents)} to renew your ${planName(f.license.type)} ${key}. ${next} Your booth keeps working until ${day(f.graceUntil)}. ${what} under Licences in your account.`,
    rows: [
      ['License', key],
      ['Amount', `${usd(f.amountCents)} USD`],
      ['Next try', f.nextTryAt ? day(f.nextTryAt) : 'None'],
      ['Booth keeps working until', day(f.graceUntil)],
    ],
    mailNote: `${what}: ${licensesPageUrl(f.publicUrl)}`,
  });
}

/** Grace ended unpaid: the licence has ended and renews no more; a manual renewal buys a new term. */
export async function tellRenewalGraceEnded(tx: Tx, g: { license: RenewingLicense; endedAt: Date; publicUrl: string }): Promise<void> {
  const customer = await customerOf(tx, g.license.userId);
  if (!customer) return;
  const key = truncateKey(g.license.licenseKey);
  await tellCustomer(tx, customer, {
    type: 'license_expired',
    title: 'Your license has ended: its renewal was not paid',
    subject: `Your LentiBooth ${planName(g.license.type)} has ended`,
    message: `The renewal of your ${planName(g.license.type)} ${key} was not paid, so it ended on ${customerDate(g.endedAt, customer.timeZone)} and automatic renewal is off. Renew it under Licences in your account: a new term starts the day you pay.`,
    rows: [['License', key]],
    mailNote: `Renew it: ${licensesPageUrl(g.publicUrl)}`,
  });
}
