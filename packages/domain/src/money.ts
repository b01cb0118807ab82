/**
 * Money in this shop is USD held as a JS number of dollars with at most 2 decimals; the payment
 * provider and coupons use integer cents. Rounding goes through the decimal string form so that
 * 1.005 rounds to 1.01 (plain Math.round(1.005 * 100) gives 100), and halves round away from 0.
 */
export function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const sign = amount < 0 ? -1 : 1;
  const abs = String(Math.abs(amount));
  // Exponent notation (1e-7, 1e+21) cannot take the string shift; those values need no care.
  const rounded = abs.includes('e')
    ? Math.round(Math.abs(amount) * 100) / 100
    : Number(`${Math.round(Number(`${abs}e2`))}e-2`);
  return rounded === 0 ? 0 : sign * rounded;
}

/** Dollars to integer cents. */
export function toCents(amount: number): number {
  return Math.round(roundMoney(amount) * 100);
}

/** Integer cents to dollars. */
export function fromCents(cents: number): number {
  return roundMoney(cents / 100);
}

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,500.00'; negatives as '-$5.00'. */
export function formatUsd(amount: number): string {
  return USD.format(roundMoney(amount));
}
