/**
 * The card numbers the local payment provider accepts (DESIGN §6.3): Stripe's published test
 * numbers, behaving as they do at Stripe, so a journey on the embedded provider is the one a
 * Stripe test account would give. The local page refuses any other number: it never sees a real card.
 */
export type TestCardBehaviour =
  /** Charges succeed, now and later. */
  | 'succeeds'
  /** Saved and the first payment succeeds; every later (off-session) charge is declined. Stripe: 4000 0000 0000 0341. */
  | 'declines_later'
  /** Every charge asks for authentication; on session it can be completed, off session it fails with requires_action. Stripe: 4000 0027 6000 3184. */
  | 'requires_authentication'
  /** Every charge is declined (card_declined). Stripe: 4000 0000 0000 0002. */
  | 'declined'
  /** Declined for insufficient funds. Stripe: 4000 0000 0000 9995. */
  | 'insufficient_funds';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: TestCardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  { number: '4242424242424242', brand: 'Visa', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'Mastercard', behaviour: 'succeeds' },
  { number: '4000000000000341', brand: 'Visa', behaviour: 'declines_later' },
  { number: '4000002760003184', brand: 'Visa', behaviour: 'requires_authentication' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'declined' },
  { number: '4000000000009995', brand: 'Visa', behaviour: 'insufficient_funds' },
] as const satisfies readonly TestCard[]);

/** The number the local pay page offers by default. */
export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';

/** The test card a typed number names (spaces and dashes ignored), or undefined for any other number. */
export function findTestCard(typed: string): TestCard | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}

/** What a charge on this card answers: on session (the customer at the page) or off session (the renewal job). */
export function testCardChargeOutcome(
  behaviour: TestCardBehaviour,
  onSession: boolean,
): 'succeeded' | 'requires_action' | { declined: 'card_declined' | 'insufficient_funds' } {
  switch (behaviour) {
    case 'succeeds':
      return 'succeeded';
    case 'declines_later':
      return onSession ? 'succeeded' : { declined: 'card_declined' };
    case 'requires_authentication':
      return 'requires_action';
    case 'declined':
      return { declined: 'card_declined' };
    case 'insufficient_funds':
      return { declined: 'insufficient_funds' };
  }
}
