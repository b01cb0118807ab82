import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { BOOTH_NAME_MAX, ZBoothRenameBody, type TBoothRenameBody } from '@lbs/domain/booths';
import { MSG } from '@lbs/domain/messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { useRenameBoothMutation, type Booth } from '../api';
import { boothTitle } from '../booth-view';

type FormInput = z.input<typeof ZBoothRenameBody>;

/**
 * Rename a booth: the customer's own name for it, shown instead of the one the program reports.
 * An empty name, or "Reset to reported name", goes back to the reported one (the server's rule);
 * so does saving the reported name itself. Saving with nothing changed just closes.
 * The form mounts afresh per booth, so it always starts from that booth's name.
 */
export function RenameBoothDialog({ booth, onClose }: { booth: Booth | null; onClose: () => void }) {
  const formId = useId();
  const [rename, { isLoading }] = useRenameBoothMutation();
  const [failure, setFailure] = useState<string | null>(null);

  // Every way out (Cancel, Escape, the close button, the backdrop, a save) forgets the failure:
  // the dialog outlives its booth, and one booth's error must not greet the next one.
  const close = () => {
    setFailure(null);
    onClose();
  };

  const send = async (body: TBoothRenameBody, done: string) => {
    setFailure(null);
    try {
      await rename(body).unwrap();
      toast.success(done);
      close();
    } catch (e) {
      // Said in the dialog as well as in the toast, which the modal's backdrop dims.
      const detail = toApiError(e).message;
      setFailure(detail);
      toast.error(`${MSG.boothRenameFailed}: ${detail}`);
    }
  };

  return (
    <Dialog
      open={booth !== null}
      onClose={close}
      title="Rename booth"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      {booth ? (
        <RenameBoothForm
          key={booth.device_id}
          id={formId}
          booth={booth}
          failure={failure}
          busy={isLoading}
          onSubmit={async (body) => {
            // The reported name, kept or typed, means "use the name it reports": stored as a name
            // of its own it would hide the booth's next reported name. Nothing changed, nothing sent.
            const name = body.name === booth.reported_name ? '' : body.name;
            if (name === (booth.custom_name ?? '')) return close();
            return send({ ...body, name }, name ? MSG.boothRenamed : MSG.boothNameReset);
          }}
          onReset={() => send({ device_id: booth.device_id, name: '' }, MSG.boothNameReset)}
        />
      ) : null}
    </Dialog>
  );
}

function RenameBoothForm({
  id,
  booth,
  failure,
  busy,
  onSubmit,
  onReset,
}: {
  id: string;
  booth: Booth;
  failure: string | null;
  busy: boolean;
  onSubmit: (body: TBoothRenameBody) => Promise<void>;
  onReset: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, TBoothRenameBody>({
    resolver: zodResolver(ZBoothRenameBody),
    defaultValues: { device_id: booth.device_id, name: booth.custom_name ?? booth.reported_name ?? '' },
  });
  const reported = booth.reported_name ? `“${booth.reported_name}”` : 'none';
  return (
    <form id={id} noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <p className="text-sm text-slate-600">
        Device <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink [overflow-wrap:anywhere]">{booth.device_id}</code>
      </p>
      <TextField
        label="Booth name"
        autoComplete="off"
        maxLength={BOOTH_NAME_MAX}
        placeholder={booth.reported_name ?? boothTitle(booth)}
        hint={`Leave it empty to use the name the booth reports (${reported}).`}
        error={errors.name?.message}
        {...register('name')}
      />
      {booth.custom_name ? (
        // Under the field rather than in the footer: three buttons do not fit a phone's dialog.
        <Button variant="ghost" className="self-start px-3" disabled={busy} onClick={onReset}>
          Reset to reported name
        </Button>
      ) : null}
    </form>
  );
}
