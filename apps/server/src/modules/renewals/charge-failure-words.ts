/** What the customer is told when an automatic renewal's charge does not go through, by its code. */
const WORDS: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card was declined for insufficient funds.',
  authentication_required: 'Your bank asks you to confirm this payment yourself.',
  no_card: 'There is no saved card to charge.',
  unknown_card: 'Your saved card can no longer be charged.',
  provider_unavailable: 'The payment could not be made on this server.',
};

export function chargeFailureWords(code: string): string {
  return WORDS[code] ?? 'The payment did not go through.';
}
