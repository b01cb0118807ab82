import { and, eq, isNull } from 'drizzle-orm';
import type { TestCard } from '@lbs/domain/test-cards';
import type { Tx } from '../../db/client';
import { paymentMethods, users } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Years ahead the local provider's saved cards expire (a test card has no expiry of its own). */
const LOCAL_CARD_YEARS = 4;

/**
 * Saves the card a customer paid or set up with on the local pay page as the one their automatic
 * renewals charge (DESIGN §6.3): at most one card is in use per customer, so the card it replaces
 * is detached in the same transaction. The local provider's reference is the test number itself,
 * which decides how later charges answer. The same card saved again stays as it is.
 */
export async function saveLocalCard(tx: Tx, userId: number, card: TestCard, now: Date): Promise<PaymentMethodRow> {
  // One save per customer at a time: two would both detach nothing and then meet the unique index.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [inUse] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.detachedAt)));
  if (inUse && inUse.provider === 'local' && inUse.providerRef === card.number) return inUse;
  if (inUse) await tx.update(paymentMethods).set({ detachedAt: now }).where(eq(paymentMethods.id, inUse.id));
  const [saved] = await tx
    .insert(paymentMethods)
    .values({
      userId,
      provider: 'local',
      providerRef: card.number,
      brand: card.brand,
      last4: card.number.slice(-4),
      expMonth: 12,
      expYear: now.getUTCFullYear() + LOCAL_CARD_YEARS,
      createdAt: now,
    })
    .returning();
  return saved!;
}

/** The customer's saved card in use, if any. */
export async function cardInUse(db: Pick<Tx, 'select'>, userId: number): Promise<PaymentMethodRow | undefined> {
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.detachedAt)));
  return card;
}

/** A card Stripe holds for the customer (a PaymentMethod attached to their Customer). */
export interface StripeCardFacts {
  /** `pm_…` */
  providerRef: string;
  /** `cus_…` */
  providerCustomerId: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * saveLocalCard's Stripe twin (decision 0022): the PaymentMethod becomes the one card in use of
 * the customer, the one it replaces is detached here (the caller detaches it at Stripe after
 * commit, answered as `replaced`). Idempotent under repeated or late events: the card in use saved
 * again stays as it is, and a card this customer saved before (since replaced) is never brought
 * back by a late event about it.
 */
export async function saveStripeCard(tx: Tx, userId: number, card: StripeCardFacts, now: Date): Promise<{ saved: PaymentMethodRow; replaced?: PaymentMethodRow }> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [known] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, 'stripe'), eq(paymentMethods.providerRef, card.providerRef)));
  if (known) return { saved: known };
  const inUse = await cardInUse(tx, userId);
  if (inUse) await tx.update(paymentMethods).set({ detachedAt: now }).where(eq(paymentMethods.id, inUse.id));
  const [saved] = await tx
    .insert(paymentMethods)
    .values({ userId, provider: 'stripe', ...card, createdAt: now })
    .returning();
  return { saved: saved!, replaced: inUse };
}
