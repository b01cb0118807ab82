import { CONTACT_INFO } from '@lbs/domain/contact-info';

/** Who sells: the registration details the receipts and credit notes carry (config: SELLER_*). */
export interface Seller {
  name: string;
  /** The registered address, one line each. */
  address: string[];
  /** The company's Unique Entity Number (ACRA). */
  uen: string;
}

/** The "From" block of the shop's documents: name, address, UEN, then how to reach us. */
export function sellerLines(seller: Seller): string[] {
  return [seller.name, ...seller.address, `UEN ${seller.uen}`, CONTACT_INFO.email, CONTACT_INFO.phone];
}
