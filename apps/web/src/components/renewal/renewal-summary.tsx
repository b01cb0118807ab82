import type { TLicense } from '@lbs/domain/responses';
import { cardExpiresAt, cardExpiresBeforeRenewal, cardText, renewalState, renewalStateLines } from './renewal-state';

/**
 * A licence's automatic renewal in LICENSES and on the customer page (issue 39): renews on, ends
 * on, or payment due since and grace until (amber: the booth runs on borrowed time), and the card
 * the renewals charge, flagged when it expires before the next one.
 */
export function RenewalSummary({ license: l }: { license: TLicense }) {
  const state = renewalState(l);
  if (!state) return <span className="text-slate-600">—</span>;
  const [first, second] = renewalStateLines(state);
  const card = l.renewal_card;
  const expires = card ? cardExpiresAt(card) : null;
  return (
    <span className="flex flex-col gap-0.5" data-testid="renewal-state">
      {state.kind === 'due' ? (
        <span className="inline-flex w-fit flex-col rounded-md bg-amber-50 px-1.5 py-0.5 text-amber-900">
          <span className="whitespace-nowrap font-semibold">{first}</span>
          <span className="whitespace-nowrap">{second}</span>
        </span>
      ) : (
        <span className="whitespace-nowrap">{first}</span>
      )}
      {l.auto_renew && card ? (
        <span className="whitespace-nowrap text-xs text-slate-700">
          {cardText(card)}
          {expires ? ` · exp ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : ''}
        </span>
      ) : null}
      {l.auto_renew && !card ? <span className="text-xs text-slate-700">No saved card</span> : null}
      {cardExpiresBeforeRenewal(l) ? <span className="text-xs font-semibold text-red-700">Card expires before the renewal</span> : null}
    </span>
  );
}
