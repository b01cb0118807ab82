import { MSG } from '@lbs/domain/messages';
import { truncateKey } from '@lbs/domain/license-terms';
import { CopyButton } from '../../../components/ui/copy-button';
import { licenseStatusBadge, licenseStatusBadgeOf } from '../../../lib/license-display';
import type { License, LicenseMode } from '../api';
import { canRenew } from '../hooks/use-renew';

export type RowActions = { mode: LicenseMode; onReset: (l: License) => void; onRenew: (l: License) => void };

/**
 * A current licence's badge says what it is now (active, suspended, an unused pass, starting on a
 * date); every past one reads Expired, as the spec's Past tab does, except a revoked
 * one (refunded, cancelled or taken back), which reads Revoked.
 */
export function StatusOf({ license, mode }: { license: License; mode: LicenseMode }) {
  if (mode === 'PAST') {
    // A key taken back (a refund, a cancel, the admin) says so: it did not simply run out.
    if (license.revoked) {
      const revoked = licenseStatusBadgeOf('revoked');
      return <StatusBadge text={revoked.label} tone={revoked.tone} />;
    }
    return <StatusBadge text={MSG.licenseStatusExpired} tone="bg-slate-100 text-slate-600" />;
  }
  const badge = licenseStatusBadge(license);
  return <StatusBadge text={badge.label} tone={badge.tone} />;
}

export function KeyCell({ license }: { license: License }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="whitespace-nowrap rounded bg-slate-100 px-2 py-1 font-mono text-xs text-ink" title={license.license_key}>
        {truncateKey(license.license_key)}
      </code>
      <CopyButton value={license.license_key} label={MSG.copyKey} />
    </span>
  );
}

function StatusBadge({ text, tone }: { text: string; tone: string }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {text}
    </span>
  );
}

export function RowButtons({ license, mode, onReset, onRenew }: { license: License } & RowActions) {
  return (
    <span className="inline-flex items-center justify-end gap-2 whitespace-nowrap max-md:w-full max-md:justify-between md:flex-col md:items-end md:gap-1">
      {mode === 'CURRENT' ? <ResetButton license={license} onReset={onReset} /> : null}
      {canRenew(license) ? (
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md border border-brand-600 bg-white px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 max-md:ml-auto max-md:px-4 max-md:py-2 max-md:text-sm"
          aria-label={MSG.renewLicense(truncateKey(license.license_key))}
          onClick={() => onRenew(license)}
        >
          {MSG.renew}
        </button>
      ) : null}
    </span>
  );
}

function ResetButton({ license, onReset }: { license: License; onReset: (l: License) => void }) {
  if (!license.device_number) return null;
  const left = license.device_resets_left ?? 0;
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
      disabled={left <= 0}
      title={left <= 0 ? MSG.deviceResetLimit : undefined}
      onClick={() => onReset(license)}
    >
      {MSG.resetDevice}
    </button>
  );
}
