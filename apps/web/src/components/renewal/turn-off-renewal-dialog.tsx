import { useState } from 'react';
import { toast } from 'react-toastify';
import { truncateKey } from '@lbs/domain/license-terms';
import type { TLicense } from '@lbs/domain/responses';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { toApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format-date';

const FAILED = 'Renewal was not turned off';

/**
 * Asks before turning a customer's automatic renewal off (issue 39). It says what follows: the
 * paid term is kept and not charged again; a licence in grace loses its unpaid renewal and ends
 * now. The customer is told by the server. Turning it back on is theirs alone.
 */
export function TurnOffRenewalDialog({
  license,
  onClose,
  turnOff,
  isLoading,
}: {
  license: TLicense | null;
  onClose: () => void;
  /** The back office's mutation (admin-licenses/api.ts: useTurnOffRenewalMutation). */
  turnOff: (args: { id: string; reason?: string }) => { unwrap(): Promise<unknown> };
  isLoading: boolean;
}) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<{ id: string; detail: string } | null>(null);
  const close = () => {
    setReason('');
    onClose();
  };
  const due = license?.renewal_due;
  return (
    <ConfirmDialog
      open={license !== null}
      title="Turn off renewal"
      confirmLabel={isLoading ? 'Turning off…' : 'Turn off renewal'}
      danger
      busy={isLoading}
      onCancel={close}
      onConfirm={async () => {
        if (!license) return;
        try {
          await turnOff({ id: license._id, reason: reason.trim() || undefined }).unwrap();
          toast.success('Automatic renewal turned off. The customer has been told.');
          close();
        } catch (e) {
          const detail = toApiError(e).message;
          toast.error(`${FAILED}: ${detail}`);
          setFailure({ id: license._id, detail });
        }
      }}
    >
      {license ? (
        <>
          {failure?.id === license._id ? (
            <FormAlert>
              <p className="font-semibold">{FAILED}</p>
              <p>{failure.detail}</p>
            </FormAlert>
          ) : null}
          <p>
            Turn off automatic renewal of{' '}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink">{truncateKey(license.license_key)}</code> of{' '}
            <span className="font-semibold text-ink [overflow-wrap:anywhere]">{license.email}</span>?
          </p>
          {due?.in_grace ? (
            <p>
              Its renewal has been due since {formatDate(due.since)} and is unpaid. Turning renewal off cancels that payment, and the license ends now instead of on{' '}
              {formatDate(due.grace_until)}.
            </p>
          ) : (
            <p>Their card will not be charged again. The license stays active until {formatDate(license.expire_date)}.</p>
          )}
          <p>The customer is told by email. Only they can turn renewal back on.</p>
          <TextField label="Reason (optional, the customer reads it)" name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
