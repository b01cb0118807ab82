import { useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { truncateKey } from '@lbs/domain/license-terms';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { toApiError } from '../../../lib/api-error';
import { useRevokeLicenseMutation, type AdminLicense } from '../api';
import { FailureMessage } from './failure-message';

/** Asks before revoking: the key stops working at its next validation and moves to the customer's Past. */
export function RevokeLicenseDialog({ license, onClose }: { license: AdminLicense | null; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeLicenseMutation();
  // Said in the dialog as well as in the toast, which the modal's backdrop dims; per licence, so
  // it does not follow the admin to the next one.
  const [failure, setFailure] = useState<{ id: string; detail: string } | null>(null);
  return (
    <ConfirmDialog
      open={license !== null}
      title="Revoke License"
      confirmLabel={isLoading ? 'Revoking…' : 'Revoke'}
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        if (!license) return;
        try {
          await revoke(license._id).unwrap();
          toast.success(MSG.revokeSuccessful);
          onClose();
        } catch (e) {
          const detail = toApiError(e).message;
          toast.error(<FailureMessage title={MSG.revokeFailed} detail={detail} />);
          setFailure({ id: license._id, detail });
        }
      }}
    >
      {license ? (
        <>
          {failure?.id === license._id ? (
            <FormAlert>
              <FailureMessage title={MSG.revokeFailed} detail={failure.detail} />
            </FormAlert>
          ) : null}
          <p>
            Revoke the license <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink">{truncateKey(license.license_key)}</code> of{' '}
            <span className="font-semibold text-ink [overflow-wrap:anywhere]">{license.email}</span>?
          </p>
          <p>It stops working on its device at the next check and moves to the customer’s past subscriptions. This cannot be undone.</p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
