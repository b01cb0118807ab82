import { useState } from 'react';
import { truncateKey } from '@lbs/domain/license-terms';
import type { TLicense } from '@lbs/domain/responses';
import { Button } from '../../../components/ui/button';
import { TurnOffRenewalDialog } from '../../../components/renewal/turn-off-renewal-dialog';
import { useTurnOffRenewalMutation } from '../../admin-licenses/api';
import {
  useReinstateLicenseMutation,
  useResendLicenseMailMutation,
  useResetLicenseDeviceForCustomerMutation,
  useSuspendLicenseMutation,
} from './api';
import { ActionDialog } from './action-dialog';
import { ExtendLicenseDialog } from './extend-license-dialog';
import { licenseActionsFor, type LicenseActionName } from './license-action-list';
import { runAction } from './run-action';

const BUTTON_LABELS: Record<LicenseActionName, string> = {
  resend: 'Resend key',
  'reset-device': 'Reset device',
  extend: 'Extend',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
};

/**
 * A licence's actions on the customer page: a button per action the licence allows
 * (licenseActionsFor), each asking first in its dialog. A revoked licence shows none.
 * `customerId` is not needed by the requests (the licence names its owner); it is taken so the
 * page can pass what it has.
 */
export function LicenseActions({ license }: { license: TLicense; customerId?: number }) {
  const [open, setOpen] = useState<LicenseActionName | 'renewal-off' | null>(null);
  const [turnOff, turningOff] = useTurnOffRenewalMutation();
  const actions = licenseActionsFor(license);
  if (actions.length === 0 && !license.auto_renew) return null;
  const key = truncateKey(license.license_key);
  const close = () => setOpen(null);
  return (
    <div role="group" aria-label={`Actions for license ${key}`} className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button key={action} variant={action === 'suspend' ? 'danger' : 'secondary'} className="!px-3 !py-1.5" onClick={() => setOpen(action)}>
          {BUTTON_LABELS[action]}
        </Button>
      ))}
      {/* LICENSES' own dialog (issue 39): off only, turning it on is the holder's. */}
      {license.auto_renew ? (
        <Button variant="secondary" className="!px-3 !py-1.5" onClick={() => setOpen('renewal-off')}>
          Turn off renewal
        </Button>
      ) : null}
      <TurnOffRenewalDialog license={open === 'renewal-off' ? license : null} onClose={close} turnOff={turnOff} isLoading={turningOff.isLoading} />
      <ResendKeyDialog license={license} open={open === 'resend'} onClose={close} />
      <ResetDeviceDialog license={license} open={open === 'reset-device'} onClose={close} />
      {actions.includes('extend') ? <ExtendLicenseDialog license={license} open={open === 'extend'} onClose={close} /> : null}
      <SuspendDialog license={license} open={open === 'suspend'} onClose={close} />
      <ReinstateDialog license={license} open={open === 'reinstate'} onClose={close} />
    </div>
  );
}

interface DialogProps {
  license: TLicense;
  open: boolean;
  onClose: () => void;
}

const Key = ({ license }: { license: TLicense }) => <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink">{truncateKey(license.license_key)}</code>;

function ResendKeyDialog({ license, open, onClose }: DialogProps) {
  const [resend] = useResendLicenseMailMutation();
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Resend license key"
      confirmLabel="Send"
      busyLabel="Sending…"
      onConfirm={() => runAction(() => resend(license._id).unwrap(), `License key mailed to ${license.email}`, 'The license key was not sent')}
    >
      <p>
        Mail the whole key <Key license={license} /> with its current terms to the customer’s account address again?
      </p>
    </ActionDialog>
  );
}

function ResetDeviceDialog({ license, open, onClose }: DialogProps) {
  const [reset] = useResetLicenseDeviceForCustomerMutation();
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Reset device"
      confirmLabel="Reset device"
      busyLabel="Resetting…"
      onConfirm={() => runAction(() => reset(license._id).unwrap(), 'Device reset; the customer was told by notification and email', 'The device was not reset')}
    >
      <p>
        Free <Key license={license} /> from <strong className="text-ink [overflow-wrap:anywhere]">{license.device_name ?? license.device_number}</strong> so the customer can activate it on another PC?
      </p>
      <p>That device stops working with this key at its next licence check. This does not use up one of the customer’s own resets.</p>
    </ActionDialog>
  );
}

function SuspendDialog({ license, open, onClose }: DialogProps) {
  const [suspend] = useSuspendLicenseMutation();
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Suspend license"
      confirmLabel="Suspend"
      busyLabel="Suspending…"
      danger
      reason="required"
      onConfirm={(reason) => runAction(() => suspend({ id: license._id, body: { reason } }).unwrap(), 'License suspended; the customer was told by notification and email', 'The license was not suspended')}
    >
      <p>
        Suspend <Key license={license} />? The booth stops at its next licence check (offline, when its lease ends). The key and its device are kept, its
        term keeps running, and the customer cannot reset its device until you reinstate it.
      </p>
    </ActionDialog>
  );
}

function ReinstateDialog({ license, open, onClose }: DialogProps) {
  const [reinstate] = useReinstateLicenseMutation();
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title="Reinstate license"
      confirmLabel="Reinstate"
      busyLabel="Reinstating…"
      reason="optional"
      onConfirm={(reason) =>
        runAction(() => reinstate({ id: license._id, body: reason ? { reason } : {} }).unwrap(), 'License reinstated; the customer was told by notification and email', 'The license was not reinstated')
      }
    >
      <p>
        Reinstate <Key license={license} />? It works again on its device at the next licence check.
      </p>
    </ActionDialog>
  );
}
