import { useId, useState, type FormEvent } from 'react';
import { LICENSE_EXTEND_MAX_DAYS, type TLicenseExtendBody } from '@lbs/domain/customer-actions';
import { truncateKey } from '@lbs/domain/license-terms';
import { businessDayOf } from '@lbs/domain/report-periods';
import type { TLicense } from '@lbs/domain/responses';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/format-date';
import { useExtendLicenseMutation } from './api';
import { extendPreview, extendRequest, type ExtendForm, type ExtendFormErrors } from './extend-form';
import { runAction } from './run-action';

/**
 * Extend a licence's end by a number of days (from its current end) or to a date (the end of that
 * day in the customer's time zone), with a reason the customer reads in their notification and mail.
 */
export function ExtendLicenseDialog({ license, open, onClose }: { license: TLicense; open: boolean; onClose: () => void }) {
  const formId = useId();
  const [extend, { isLoading }] = useExtendLicenseMutation();
  const unstarted = license.activate_by !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={unstarted ? 'Extend Daily pass' : 'Extend license'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isLoading}>
            {isLoading ? 'Extending…' : 'Extend'}
          </Button>
        </>
      }
    >
      <ExtendLicenseForm
        id={formId}
        license={license}
        onSubmit={async (body) => {
          const failure = await runAction(() => extend({ id: license._id, body }).unwrap(), 'License extended; the customer was told by notification and email', 'The license was not extended');
          if (failure === null) onClose();
          return failure;
        }}
      />
    </Dialog>
  );
}

function ExtendLicenseForm({
  id,
  license,
  onSubmit,
}: {
  id: string;
  license: TLicense;
  onSubmit: (body: TLicenseExtendBody) => Promise<string | null>;
}) {
  const [form, setForm] = useState<ExtendForm>({ by: 'days', days: '30', until: '', reason: '' });
  const [errors, setErrors] = useState<ExtendFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<ExtendForm>) => setForm((f) => ({ ...f, ...patch }));
  const currentEnd = license.expire_date!;
  // "Now" for the preview and the earliest date: when the dialog opened (a render must not read the clock).
  const [openedAt] = useState(() => new Date());
  const preview = form.by === 'days' ? extendPreview(currentEnd, form.days, openedAt) : null;
  // The date input offers days after the current end (or after today, for an ended licence).
  const minDay = businessDayOf(new Date(Math.max(Date.parse(currentEnd), openedAt.getTime())), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const unstarted = license.activate_by !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = extendRequest(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(await onSubmit(checked.body));
  };

  return (
    <form id={id} onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <p>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink">{truncateKey(license.license_key)}</code>{' '}
        {unstarted ? 'must be activated by' : 'ends'} <strong className="text-ink">{formatDate(currentEnd)}</strong>.
        {unstarted ? ' Its 24 hours still start at its first activation; this gives the customer longer to use it.' : ''}
      </p>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Extend by</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={`${id}-by`} checked={form.by === 'days'} onChange={() => set({ by: 'days' })} />A number of days
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={`${id}-by`} checked={form.by === 'until'} onChange={() => set({ by: 'until' })} />A new end date
          </label>
        </div>
      </fieldset>
      {form.by === 'days' ? (
        <TextField
          label="Days to add"
          type="number"
          inputMode="numeric"
          min={1}
          max={LICENSE_EXTEND_MAX_DAYS}
          step={1}
          value={form.days}
          error={errors.days}
          hint={preview ? `New end: ${formatDate(preview.toISOString())}` : `1 to ${LICENSE_EXTEND_MAX_DAYS}, counted from the current end`}
          onChange={(e) => set({ days: e.target.value })}
        />
      ) : (
        <TextField
          label="New end date"
          type="date"
          min={minDay}
          value={form.until}
          error={errors.until}
          hint="It ends at the end of this day in the customer’s time zone."
          onChange={(e) => set({ until: e.target.value })}
        />
      )}
      <TextAreaField label="Reason (the customer reads it)" rows={3} required value={form.reason} error={errors.reason} onChange={(e) => set({ reason: e.target.value })} />
    </form>
  );
}
