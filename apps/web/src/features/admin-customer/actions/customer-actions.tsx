import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useResendVerificationMailMutation } from './api';
import { ActionDialog } from './action-dialog';
import { runAction } from './run-action';

/** What the customer page knows of the customer that its actions need (TCustomerDetail has it). */
export interface ActionCustomer {
  id: number;
  email: string;
  is_email_verified: boolean;
}

/** The customer's own actions on their page: for now, a new verification mail while unverified. */
export function CustomerActions({ customer }: { customer: ActionCustomer }) {
  const [open, setOpen] = useState(false);
  const [resend] = useResendVerificationMailMutation();
  if (customer.is_email_verified) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" className="!px-3 !py-1.5" onClick={() => setOpen(true)}>
        Resend verification email
      </Button>
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Resend verification email"
        confirmLabel="Send"
        busyLabel="Sending…"
        onConfirm={() => runAction(() => resend(customer.id).unwrap(), `Verification email sent to ${customer.email}`, 'The verification email was not sent')}
      >
        <p>
          Mail <span className="font-semibold text-ink [overflow-wrap:anywhere]">{customer.email}</span> a new verification link? Links sent earlier keep working
          for 24 hours. One can be sent a minute.
        </p>
      </ActionDialog>
    </div>
  );
}
