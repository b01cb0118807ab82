import { outbox } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Extra header lines, passed to nodemailer's `headers` as they are (List-Unsubscribe and
   * List-Unsubscribe-Post of campaign mail: nodemailer's `list` option cannot write the latter).
   */
  headers?: Record<string, string>;
}

/** An automatic renewal order whose charge is due (the renewal job claimed it): chargeRenewalOrder runs it. */
export interface RenewalChargeJob {
  order_id: number;
}

export type OutboxMessage = { kind: 'mail'; payload: MailMessage } | { kind: 'renewal_charge'; payload: RenewalChargeJob };

/**
 * Call inside the transaction that causes the side effect: either both commit or neither,
 * and the worker delivers it afterwards, surviving crashes and restarts.
 */
export async function enqueue(tx: DbOrTx, message: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind: message.kind, payload: message.payload }).returning({ id: outbox.id });
  return row!.id;
}

export function enqueueMail(tx: DbOrTx, mail: MailMessage): Promise<number> {
  return enqueue(tx, { kind: 'mail', payload: mail });
}

/** Many mails in one insert (a batch job's), in the caller's transaction like enqueueMail. */
export async function enqueueMails(tx: DbOrTx, mails: readonly MailMessage[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(outbox).values(mails.map((payload) => ({ kind: 'mail' as const, payload })));
}

/** A renewal_charge job per order, in the caller's transaction (the renewal job's claim of due charges). */
export async function enqueueRenewalCharges(tx: DbOrTx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.insert(outbox).values(orderIds.map((id) => ({ kind: 'renewal_charge' as const, payload: { order_id: id } satisfies RenewalChargeJob })));
}
