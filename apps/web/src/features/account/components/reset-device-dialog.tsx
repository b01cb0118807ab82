import { toast } from 'react-toastify';
import { DEVICE_RESET_WINDOW_DAYS, DEVICE_RESETS_PER_WINDOW, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toApiError } from '../../../lib/api-error';
import { useResetDeviceMutation, type License } from '../api';

/** Unbinds a key from its device, after the customer confirms (resets are counted). */
export function ResetDeviceDialog({ license, onClose }: { license: License | null; onClose: () => void }) {
  const [reset, { isLoading }] = useResetDeviceMutation();
  return (
    <ConfirmDialog
      open={license !== null}
      title={MSG.resetDevice}
      confirmLabel={MSG.resetDevice}
      busy={isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        if (!license) return;
        try {
          await reset(license._id).unwrap();
          toast.success(MSG.deviceResetDone);
          onClose();
        } catch (e) {
          toast.error(toApiError(e).message);
        }
      }}
    >
      {license ? (
        <>
          <p>
            Unbind <span className="font-mono font-semibold">{license.device_number}</span> from the key{' '}
            <span className="font-mono">{truncateKey(license.license_key)}</span>? You can then activate the key on another PC.
          </p>
          <p className="text-slate-500">
            Resets left in the last {DEVICE_RESET_WINDOW_DAYS} days: {license.device_resets_left ?? 0} of {DEVICE_RESETS_PER_WINDOW}.
          </p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
