/**
 * What an automatic renewal charges (DESIGN §6.3): the plan's price at the time, as long as the
 * holder was told it (licenses.renewal_price_cents: the price told at consent, or a change
 * announced at least RENEWAL_PRICE_NOTICE_DAYS before the charge). A price the holder was not told
 * is never charged above the one they were: the lower of the two. So the announcement's side
 * records a new price there only once it is told in time.
 */
export function renewalChargeCents(planPriceCents: number, toldCents: number | null): number {
  return toldCents === null ? planPriceCents : Math.min(toldCents, planPriceCents);
}
