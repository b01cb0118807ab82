import { renewalStopsWords, type TRenewingLicense } from '@lbs/domain/payment-cards';
import type { Tx } from '../../db/client';
import { customerOf } from '../notifications/customer-of';
import { customerDate } from '../notifications/customer-date';
import { tellCustomer } from '../notifications/tell-customer';
import type { PaymentMethodRow } from '../payments/save-card';

/**
 * The holder removed their saved card: told once (notification and mail), naming the licences
 * whose automatic renewal stopped and when each now ends, so a removal they did not make is seen.
 */
export async function tellCardRemoved(tx: Tx, userId: number, r: { card: Pick<PaymentMethodRow, 'brand' | 'last4'>; stopped: readonly TRenewingLicense[] }) {
  const customer = await customerOf(tx, userId);
  if (!customer) return;
  const card = `${r.card.brand} card ending ${r.card.last4}`;
  const stops =
    r.stopped.length === 0
      ? 'No license was renewing automatically.'
      : `${renewalStopsWords(r.stopped).replace('will stop', 'has stopped')} Each runs to the end of its paid term.`;
  await tellCustomer(tx, customer, {
    type: 'license_expiring',
    title: 'Your saved card was removed',
    subject: 'Your saved card was removed from your LentiBooth account',
    message: `Your ${card} was removed. ${stops}`,
    rows: r.stopped.map((l): [string, string] => [`${l.name} ${l.key}`, `Ends on ${customerDate(new Date(l.renews_on), customer.timeZone)}`]),
    mailNote: 'To renew automatically again, add a card under Settings in your account and turn renewal on under Licenses.',
  });
}
