/**
 * The carriers the back office ships with. A known carrier's tracking link is built from the
 * number by its public tracking page, so an admin never types (or mistypes) one and the server
 * never stores a link a client made up for it. `other` is any carrier not listed: its name and
 * link are typed in (http(s) only, as the order schema enforces).
 */
export const CARRIER_CODES = ['singpost', 'dhl_express', 'fedex', 'ups', 'ninja_van', 'jt_express', 'jne', 'other'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];
export type KnownCarrierCode = Exclude<CarrierCode, 'other'>;

interface Carrier {
  /** As the customer reads it in the mail and the account's order dialog. */
  name: string;
  /** The carrier's public tracking page for a number (already URL-encoded). */
  trackingPage?: (encodedNumber: string) => string;
}

/**
 * The tracking pages' patterns as the carriers publish them (Singapore sites where the carrier has
 * one, since the shop ships from Singapore; JNE is Indonesia's).
 */
export const CARRIERS: Readonly<Record<CarrierCode, Carrier>> = Object.freeze({
  singpost: { name: 'SingPost', trackingPage: (n) => `https://www.singpost.com/track-items?trackingid=${n}` },
  dhl_express: {
    name: 'DHL Express',
    trackingPage: (n) => `https://www.dhl.com/sg-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  fedex: { name: 'FedEx', trackingPage: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  ups: { name: 'UPS', trackingPage: (n) => `https://www.ups.com/track?loc=en_SG&tracknum=${n}` },
  ninja_van: { name: 'Ninja Van', trackingPage: (n) => `https://www.ninjavan.co/en-sg/tracking?id=${n}` },
  jt_express: { name: 'J&T Express', trackingPage: (n) => `https://www.jtexpress.sg/trajectoryQuery?billCode=${n}` },
  jne: { name: 'JNE', trackingPage: (n) => `https://www.jne.co.id/tracking-package?awb=${n}` },
  other: { name: 'Other' },
});

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === 'string' && (CARRIER_CODES as readonly string[]).includes(value);
}

/** True for a carrier whose link is built here (every one but `other`). */
export function isKnownCarrier(code: CarrierCode): code is KnownCarrierCode {
  return CARRIERS[code].trackingPage !== undefined;
}

/** The display name of a listed carrier. */
export function carrierName(code: CarrierCode): string {
  return CARRIERS[code].name;
}

/**
 * A known carrier's tracking link for a number; '' without a number. `other` has no pattern:
 * its link is the one typed in.
 */
export function carrierTrackingUrl(code: KnownCarrierCode, trackNum: string): string {
  const number = trackNum.trim();
  if (!number) return '';
  return CARRIERS[code].trackingPage!(encodeURIComponent(number));
}

/** The most orders one bulk ship or one packing-slip file takes (a page of the ORDERS list is 20). */
export const MAX_ORDERS_AT_ONCE = 100;

/** What a bulk ship did with each order. */
export const SHIP_OUTCOMES = ['shipped', 'unchanged', 'refused'] as const;
export type ShipOutcome = (typeof SHIP_OUTCOMES)[number];

export const SHIPPING_MSG = {
  orderIdInvalid: 'Order ids are positive whole numbers.',
  carrierRequired: 'Choose a carrier.',
  trackNumRequired: 'Enter the tracking number.',
  otherCarrierNameRequired: 'Name the carrier.',
  noOrdersChosen: 'Choose at least one order.',
  tooManyOrders: `At most ${MAX_ORDERS_AT_ONCE} orders at once.`,
  orderTwice: 'Each order once.',
  packingSlipIds: `Order ids separated by commas, at most ${MAX_ORDERS_AT_ONCE}.`,
  // The per-order answers of a bulk ship.
  shipped: 'Marked shipped; the customer was notified and mailed.',
  alreadyShipped: 'Already shipped with this carrier and number; nothing sent again.',
  notFound: 'No such order.',
  notPaid: 'Not paid, so not shipped.',
  cancelled: 'Cancelled, so not shipped.',
  cancelling: 'Being cancelled (its refund is pending), so not shipped.',
  /** The order dialog's answer: a cancelled order has no steps left. */
  cancelledUnchanged: 'A cancelled order is not changed.',
  nothingToShip: 'Nothing in this order ships (licences only).',
  alreadyDelivered: 'Already delivered.',
  shippedOtherwise: 'Already shipped with another carrier or number; edit the order to change it.',
} as const;
