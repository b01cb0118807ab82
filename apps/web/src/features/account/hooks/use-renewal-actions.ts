import { useState } from 'react';
import { toast } from 'react-toastify';
import { toApiError } from '../../../lib/api-error';
import { fullNavigation } from '../../../lib/full-navigation';
import { useAutomaticRenewalAvailable } from '../../../lib/public-config';
import { usePayRenewalNowMutation, useTurnAutoRenewMutation, type License } from '../api';
import { formatDate } from '../format';
import { RENEWAL_WORDS } from '../renewal-words';
import { confirmOnStripe, isStripePayment, STRIPE_PAY_WORDS, useConfirmRenewalPaymentMutation } from './stripe-renewal-payment';

/** What the overview does about a licence's automatic renewal; `busyId` is the licence whose answer is awaited. */
export type RenewalActions = {
  busyId: string | null;
  /** The payment provider saves cards for renewals (public config): Turn on is offered only then. */
  canTurnOn: boolean;
  turnOff: (l: License) => void;
  /** Opens the confirmation that shows the consent words (TurnOnRenewalDialog). */
  askTurnOn: (l: License) => void;
  payNow: (l: License) => void;
};

/**
 * Turn off (at once: the paid term runs to its end), Turn on (asked first, in a dialog) and Pay
 * now (the open renewal order, paid on session: on the local provider's page, or on Stripe by
 * confirming its PaymentIntent here with Stripe.js).
 */
export function useRenewalActions(): RenewalActions & { turnOnTarget: License | null; closeTurnOn: () => void } {
  const [turnAutoRenew] = useTurnAutoRenewMutation();
  const [payRenewalNow] = usePayRenewalNowMutation();
  const [confirmRenewalPayment] = useConfirmRenewalPaymentMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [turnOnTarget, setTurnOnTarget] = useState<License | null>(null);
  const canTurnOn = useAutomaticRenewalAvailable();

  async function turnOff(l: License) {
    setBusyId(l._id);
    try {
      const { license } = await turnAutoRenew({ id: l._id, auto_renew: false }).unwrap();
      toast.success(RENEWAL_WORDS.turnedOff(formatDate(license.expire_date ?? l.expire_date)));
    } catch (e) {
      toast.error(toApiError(e).message);
    } finally {
      setBusyId(null);
    }
  }

  async function payNow(l: License) {
    setBusyId(l._id);
    try {
      const answer = await payRenewalNow(l._id).unwrap();
      if (!isStripePayment(answer)) {
        fullNavigation.assign(answer.url);
        return;
      }
      // Stripe: the same PaymentIntent confirmed here, then read back by the shop.
      const confirmed = await confirmOnStripe(answer);
      if (!confirmed.ok) {
        toast.error(confirmed.message);
      } else {
        const { status } = await confirmRenewalPayment({ id: l._id, payment_intent: answer.payment_intent }).unwrap();
        if (status === 'failed') toast.error(STRIPE_PAY_WORDS.failed);
        else toast.success(STRIPE_PAY_WORDS[status]);
      }
      setBusyId(null);
    } catch (e) {
      toast.error(toApiError(e).message);
      setBusyId(null);
    }
  }

  return {
    busyId,
    canTurnOn,
    turnOff: (l) => void turnOff(l),
    askTurnOn: setTurnOnTarget,
    payNow: (l) => void payNow(l),
    turnOnTarget,
    closeTurnOn: () => setTurnOnTarget(null),
  };
}
