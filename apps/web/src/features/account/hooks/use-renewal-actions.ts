import { useState } from 'react';
import { toast } from 'react-toastify';
import { toApiError } from '../../../lib/api-error';
import { fullNavigation } from '../../../lib/full-navigation';
import { useAutomaticRenewalAvailable } from '../../../lib/public-config';
import { usePayRenewalNowMutation, useTurnAutoRenewMutation, type License } from '../api';
import { formatDate } from '../format';
import { RENEWAL_WORDS } from '../renewal-words';

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
 * now (the open renewal order, paid on session on the provider's page).
 */
export function useRenewalActions(): RenewalActions & { turnOnTarget: License | null; closeTurnOn: () => void } {
  const [turnAutoRenew] = useTurnAutoRenewMutation();
  const [payRenewalNow] = usePayRenewalNowMutation();
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
      const { url } = await payRenewalNow(l._id).unwrap();
      fullNavigation.assign(url);
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
