import { truncateKey } from '@lbs/domain/license-terms';
import { licenseEndText } from '../../../lib/license-display';
import { AlertIcon } from '../../../components/ui/icons';
import type { License, LicenseMode } from '../api';
import type { RenewalActions } from '../hooks/use-renewal-actions';
import { RENEWAL_WORDS, renewalDueText, renewalEndText } from '../renewal-words';

const smallButton =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 max-md:px-3 max-md:py-1.5';

/**
 * The End Date of a licence with what happens at that end ("Renews on … · $150.00" or "Ends on
 * …"), and beside it the switch: Turn off while it renews, Turn on while its holder may.
 */
export function EndDateCell({ license, mode, renewal }: { license: License; mode: LicenseMode; renewal: RenewalActions }) {
  const text = renewalEndText(license, mode);
  if (!text) return <>{licenseEndText(license)}</>;
  const key = truncateKey(license.license_key);
  const busy = renewal.busyId === license._id;
  return (
    <span className="flex flex-col items-start gap-1">
      <span data-testid="renewal-end">{text}</span>
      {license.auto_renew ? (
        <button type="button" className={smallButton} aria-label={RENEWAL_WORDS.turnOffLabel(key)} disabled={busy} onClick={() => renewal.turnOff(license)}>
          {RENEWAL_WORDS.turnOff}
        </button>
      ) : license.can_auto_renew && renewal.canTurnOn ? (
        <button type="button" className={smallButton} aria-label={RENEWAL_WORDS.turnOnLabel(key)} disabled={busy} onClick={() => renewal.askTurnOn(license)}>
          {RENEWAL_WORDS.turnOn}
        </button>
      ) : null}
    </span>
  );
}

/** An unpaid automatic renewal: what failed, the next try, until when the booth keeps working, and Pay now. */
export function RenewalDueNotice({ license, renewal }: { license: License; renewal: RenewalActions }) {
  const due = license.renewal_due;
  if (!due) return null;
  return (
    <div
      data-testid="renewal-due"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0"/>
        <span>{renewalDueText(due)}</span>
      </p>
      <button
        type="button"
        className="shrink-0 self-end rounded-md bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 sm:self-auto"
        aria-label={RENEWAL_WORDS.payNowLabel(truncateKey(license.license_key))}
        disabled={renewal.busyId === license._id}
        onClick={() => renewal.payNow(license)}
      >
        {RENEWAL_WORDS.payNow}
      </button>
    </div>
  );
}
