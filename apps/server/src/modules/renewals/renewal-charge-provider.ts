/**
 * A payment provider's side of an automatic renewal's charges (decision 0021). The embedded local
 * provider implements it today (local-card-charges.ts); Stripe's off-session PaymentIntents plug in
 * here next. Every call is idempotent on the attempt's key `<order id>:<attempt>`: asked again,
 * the provider answers what it answered the first time and never charges twice.
 */
export interface RenewalChargeRequest {
  /** renewal_charges.id, `<order id>:<attempt>`: the idempotency key. */
  key: string;
  orderId: number;
  amountCents: number;
  currency: string;
  /** The holder's saved card (payment_methods): local, the test card number; Stripe, `pm_…` and `cus_…`. */
  card: { id: string; providerRef: string; providerCustomerId: string | null };
}

/** Why a charge did not succeed, as stored on the attempt and told to the customer. */
export interface RenewalChargeFailure {
  /** card_declined, insufficient_funds, authentication_required, no_card, … */
  code: string;
  /** One sentence for the customer ("Your card was declined."). */
  message: string;
}

export type RenewalChargeAnswer =
  | { status: 'succeeded'; chargeId: string }
  /** requires_action: the bank asks the holder to confirm; they can, on session, from the account area. */
  | ({ status: 'failed' | 'requires_action'; chargeId: string | null } & RenewalChargeFailure);

export interface RenewalChargeProvider {
  /** Charges the saved card with nobody present. */
  chargeOffSession(request: RenewalChargeRequest): Promise<RenewalChargeAnswer>;
  /**
   * How an on-session charge (the account area's pay link) stands; one still open is cancelled
   * so that it can no longer be paid, unless the holder paid it first (then it answers succeeded).
   */
  closeOnSession(chargeId: string): Promise<RenewalChargeAnswer | { status: 'cancelled' }>;
  /** Gives back a whole charge that must not be kept (a second success for a paid order). */
  refundCharge(request: { key: string; chargeId: string; amountCents: number; orderId: number; currency: string }): Promise<void>;
}
