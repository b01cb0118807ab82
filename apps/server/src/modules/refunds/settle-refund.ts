import type { AppContext } from '../../app-context';

/*
 * STUB on branch i23-stripe only, so the webhook handler compiles before i23-core lands: the real
 * settleProviderRefund (same export, same report) is i23-core's and replaces this file at merge.
 */

/** A provider's word on a refund: its API answer, a webhook, or reconciliation's question. */
export interface ProviderRefundReport {
  provider: 'local' | 'stripe';
  providerRefundId: string | null;
  refundId?: string;
  paymentIntentId?: string;
  amountCents: number;
  currency: string;
  state: 'succeeded' | 'pending' | 'failed';
  failureReason?: string;
  at?: Date;
  eventId?: string;
}

export type SettleStatus = 'succeeded' | 'failed' | 'pending' | 'unchanged' | 'unknown_order';

export function settleProviderRefund(_ctx: AppContext, _report: ProviderRefundReport): Promise<{ status: SettleStatus }> {
  throw new Error('settleProviderRefund: stub, merge i23-core');
}
