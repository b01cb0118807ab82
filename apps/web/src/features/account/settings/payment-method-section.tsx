import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { cardExpiryLabel, renewalStopsWords, type TRenewingLicense } from '@lbs/domain/payment-cards';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadFailed } from '../../../components/ui/load-failed';
import { toApiError } from '../../../lib/api-error';
import { fullNavigation } from '../../../lib/full-navigation';
import { useAutomaticRenewalAvailable } from '../../../lib/public-config';
import { usePaymentMethodQuery, useRemoveCardMutation, useStartCardSetupMutation } from '../api';
import { formatDate } from '../format';

export const PAYMENT_METHOD_WORDS = {
  heading: 'Payment method',
  intro: 'The card your automatic renewals charge. Nothing is charged when you replace or remove it.',
  noCard: 'No card is saved.',
  replace: 'Replace card',
  add: 'Add a card',
  remove: 'Remove card',
  removeTitle: 'Remove this card?',
  noRenewals: 'No license renews automatically with it.',
  runsToEnd: 'Each license runs to the end of its paid term.',
  expiresBeforeRenewal: 'This card expires before your next automatic renewal. Replace it so the renewal is paid.',
  saved: 'Your new card is saved. Your automatic renewals charge it from now on.',
  removed: (stopped: number) => (stopped === 0 ? 'Your card was removed.' : `Your card was removed and automatic renewal is off for ${stopped === 1 ? 'one license' : `${stopped} licenses`}.`),
} as const;

const licenseName = (l: TRenewingLicense) => `${l.name} ${l.key}`;

/**
 * Settings' payment method (decision 0022): the card automatic renewals charge (brand, last four,
 * expiry), flagged when it expires before a renewal charge; Replace goes to the provider's card
 * form; Remove asks first, naming the licences whose renewal then stops. With no card, Add a card
 * is offered only when some licence could renew.
 */
export function PaymentMethodSection() {
  const { data, isLoading, isError, isFetching, refetch } = usePaymentMethodQuery();
  const [startSetup, setup] = useStartCardSetupMutation();
  const [removeCard, removal] = useRemoveCardMutation();
  const [asking, setAsking] = useState(false);
  const [params] = useSearchParams();
  const canSave = useAutomaticRenewalAvailable();
  const heading = useRef<HTMLHeadingElement>(null);

  async function goToCardForm() {
    try {
      const { url } = await startSetup().unwrap();
      fullNavigation.assign(url);
    } catch (e) {
      toast.error(toApiError(e).message);
    }
  }

  async function remove() {
    try {
      const { renewal_stopped } = await removeCard().unwrap();
      setAsking(false);
      toast.success(PAYMENT_METHOD_WORDS.removed(renewal_stopped.length));
      // The Remove button is gone: focus returns to the section, not to the page's start.
      heading.current?.focus();
    } catch (e) {
      setAsking(false);
      toast.error(toApiError(e).message);
    }
  }

  const card = data?.card ?? null;
  const renewing = data?.renewing_licenses ?? [];
  const expiry = card ? cardExpiryLabel(card) : null;

  return (
    <section aria-labelledby="payment-method-heading" className="min-w-0 space-y-4 rounded-2xl border border-slate-200 p-5 lg:col-span-2">
      <h2 id="payment-method-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
        {PAYMENT_METHOD_WORDS.heading}
      </h2>
      <p className="text-sm text-slate-600">{PAYMENT_METHOD_WORDS.intro}</p>
      {params.get('card') === 'saved' && card ? <FormAlert tone="success">{PAYMENT_METHOD_WORDS.saved}</FormAlert> : null}
      {isLoading ? (
        <p className="text-sm text-slate-600">{MSG.loading}</p>
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
      ) : card ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-600">Card</dt>
            <dd className="font-semibold text-ink" data-testid="saved-card">
              {card.brand} <span aria-hidden="true">•••• </span>
              <span className="sr-only">ending in </span>
              {card.last4}
            </dd>
            {expiry ? (
              <>
                <dt className="text-slate-600">Expires</dt>
                <dd className="text-ink">{expiry}</dd>
              </>
            ) : null}
          </dl>
          {card.expires_before_renewal ? (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {PAYMENT_METHOD_WORDS.expiresBeforeRenewal}
            </p>
          ) : null}
          <RenewsOnCard renewing={renewing} />
          <div className="flex flex-wrap gap-3">
            {canSave ? (
              <Button variant="secondary" onClick={() => void goToCardForm()} disabled={setup.isLoading}>
                {setup.isLoading ? MSG.loading : PAYMENT_METHOD_WORDS.replace}
              </Button>
            ) : null}
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setAsking(true)}>
              {PAYMENT_METHOD_WORDS.remove}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-ink">{PAYMENT_METHOD_WORDS.noCard}</p>
          {data.could_renew && canSave ? (
            <Button variant="secondary" onClick={() => void goToCardForm()} disabled={setup.isLoading}>
              {setup.isLoading ? MSG.loading : PAYMENT_METHOD_WORDS.add}
            </Button>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={PAYMENT_METHOD_WORDS.removeTitle}
        confirmLabel={PAYMENT_METHOD_WORDS.remove}
        danger
        busy={removal.isLoading}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      >
        {renewing.length > 0 ? (
          <>
            <p>{renewalStopsWords(renewing)}</p>
            <p>{PAYMENT_METHOD_WORDS.runsToEnd}</p>
          </>
        ) : (
          <p>{PAYMENT_METHOD_WORDS.noRenewals}</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The licences whose automatic renewal charges the card, and when each renews. */
function RenewsOnCard({ renewing }: { renewing: readonly TRenewingLicense[] }) {
  // The page's own moment, read once: whether a licence's end has passed (its renewal is then due).
  const [now] = useState(() => Date.now());
  if (renewing.length === 0) return <p className="text-sm text-slate-600">No license renews automatically with this card.</p>;
  return (
    <div className="text-sm">
      <p className="text-slate-600">Automatic renewals that charge this card:</p>
      <ul className="mt-1 space-y-1">
        {renewing.map((l) => (
          <li key={l.id} className="text-ink [overflow-wrap:anywhere]">
            {/* Past its end, its renewal is unpaid and in grace (the overview's warning says until when). */}
            {licenseName(l)} · {Date.parse(l.renews_on) <= now ? 'renewal due since' : 'renews on'} {formatDate(l.renews_on)}
          </li>
        ))}
      </ul>
    </div>
  );
}
