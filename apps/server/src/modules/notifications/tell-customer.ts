import { greeting } from '@lbs/domain/greeting';
import type { Tx } from '../../db/client';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import { createNotification } from './create-notification';
import { enqueueMail } from '../outbox/enqueue';
import type { Customer } from './customer-of';

/**
 * What changed for the customer (their licence, as the licensing wing's verbs tell it), told twice in the action's transaction: a notification
 * (live in their bell) and a mail (queued in the outbox, sent after commit). Both or neither.
 */
export async function tellCustomer(
  tx: Tx,
  customer: Customer,
  news: {
    type: 'license_purchase' | 'license_expiring' | 'license_expired' | 'payment_failed';
    title: string;
    /** The notification's text; the mail says the same after its greeting, unless `mailMessage`. */
    message: string;
    /** The mail's own sentence, where the notification's would read oddly in a mail. */
    mailMessage?: string;
    subject: string;
    rows: Array<[string, string]>;
    /** A further paragraph for the mail only (what to do next). */
    mailNote?: string;
  },
): Promise<void> {
  await createNotification(tx, { userId: customer.id, type: news.type, title: news.title, message: news.message });
  await enqueueMail(tx, {
    to: customer.email,
    subject: headerSafe(news.subject),
    ...renderMail({
      title: news.title,
      paragraphs: [greeting({ firstName: customer.firstName, username: customer.username }), news.mailMessage ?? news.message, ...(news.mailNote ? [news.mailNote] : [])],
      rows: news.rows,
    }),
  });
}
