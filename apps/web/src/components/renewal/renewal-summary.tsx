import type { TLicense } from '@lbs/domain/responses';
import { formatDate } from '../../lib/format-date';
import { cardExpiresBeforeRenewal, cardText, renewalState, type RenewalState } from './renewal-state';

/** Each part of the state as a label and its date: a date never breaks, the label may sit above it. */
function parts(s: RenewalState): Array<[string, string]> {
  switch (s.kind) {
    case 'renews':
      return [['Renews on', s.on]];
    case 'ends':
      return [[s.ended ? 'Ended on' : 'Ends on', s.on]];
    case 'due':
      return [
        ['Payment due since', s.since],
        ['Grace until', s.graceUntil],
      ];
  }
}

/**
 * A licence's automatic renewal in LICENSES and on the customer page (issue 39): renews on, ends
 * on, or payment due since and grace until (amber: the booth runs on borrowed time), and the card
 * the renewals charge, flagged when it expires before the next one. It wraps between words, never
 * inside a date, so LICENSES keeps its columns in view at 1440 px and its cards at 375 px.
 */
export function RenewalSummary({ license: l }: { license: TLicense }) {
  const state = renewalState(l);
  if (!state) return <span className="text-slate-600">—</span>;
  const card = l.renewal_card;
  const lines = parts(state).map(([label, at], i) => (
    <span key={label} className={i === 0 && state.kind === 'due' ? 'font-semibold' : undefined}>
      {label} <span className="whitespace-nowrap">{formatDate(at)}</span>
    </span>
  ));
  return (
    <span className="flex min-w-[7.5rem] flex-col gap-0.5" data-testid="renewal-state">
      {state.kind === 'due' ? <span className="flex w-fit flex-col rounded-md bg-amber-50 px-1.5 py-0.5 text-amber-900">{lines}</span> : lines}
      {l.auto_renew && card ? (
        <span className="text-xs text-slate-700">
          <span className="whitespace-nowrap">{cardText(card)}</span>
          {card.exp_month != null && card.exp_year != null ? <span className="whitespace-nowrap">{` · exp ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`}</span> : null}
        </span>
      ) : null}
      {l.auto_renew && !card ? <span className="text-xs text-slate-700">No saved card</span> : null}
      {cardExpiresBeforeRenewal(l) ? <span className="text-xs font-semibold text-red-700">Card expires before the renewal</span> : null}
    </span>
  );
}
