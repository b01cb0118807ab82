import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ZActionReason } from '@lbs/domain/customer-actions';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField } from '../../../components/ui/text-field';

/** Whether the action asks why: required (the customer is told), optional, or not at all. */
export type ReasonField = 'required' | 'optional' | 'none';

/**
 * One action's question in a modal: what it does, a reason field where the customer is told why,
 * and the action's button. A form, so Enter in the field submits; the dialog stays open with the
 * server's answer shown in it when the action fails, and closes when it succeeds.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  danger = false,
  reason = 'none',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What the action does, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  reason?: ReasonField;
  /** Runs the action: answers null when done, or why it failed. */
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <ActionForm
        id={formId}
        reason={reason}
        onSubmit={async (text) => {
          setBusy(true);
          try {
            const failure = await onConfirm(text);
            if (failure === null) onClose();
            return failure;
          } finally {
            setBusy(false);
          }
        }}
      >
        {children}
      </ActionForm>
    </Dialog>
  );
}

/** The dialog's body, mounted afresh each time it opens (Dialog renders content only while open). */
function ActionForm({
  id,
  reason,
  children,
  onSubmit,
}: {
  id: string;
  reason: ReasonField;
  children: ReactNode;
  onSubmit: (reason: string) => Promise<string | null>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason === 'required') {
      const parsed = ZActionReason.safeParse(text);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message);
        return;
      }
    }
    setError(undefined);
    setFailure(await onSubmit(text.trim()));
  };
  return (
    <form id={id} onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="space-y-3">{children}</div>
      {reason !== 'none' ? (
        <TextAreaField
          label={reason === 'required' ? 'Reason (the customer reads it)' : 'Note for the customer (optional)'}
          rows={3}
          value={text}
          required={reason === 'required'}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
      ) : null}
    </form>
  );
}
