import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { DAILY_PASS_ACTIVATE_WITHIN_MONTHS, LICENSE_CREATE_MODES, type LicenseCreateMode } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { addDays, businessDayOf, startOfBusinessDay } from '@lbs/domain/report-periods';
import type { TLicenseCreateBody } from '@lbs/domain/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { controlClass } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { toApiError } from '../../../lib/api-error';
import { useGenerateLicenseMutation } from '../api';
import { EmailCombobox } from './email-combobox';
import { FailureMessage } from './failure-message';

const DURATION_LABELS: Record<LicenseCreateMode, string> = {
  day: 'Day (1 day)',
  month: 'Month (30 days)',
  year: 'Year (365 days)',
  onetime: 'One-time (never expires)',
  custom: 'Custom range',
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The custom range's defaults: today and tomorrow on the admin's own calendar. */

/** When a generated key starts: a Daily key is an unused pass, as a bought one is (DESIGN §6.1). */
const DURATION_HINTS: Readonly<Record<Exclude<LicenseCreateMode, 'custom'>, string>> = {
  day: `${MSG.licenseStartsOnFirstActivation}, within ${DAILY_PASS_ACTIVATE_WITHIN_MONTHS} months.`,
  month: 'Starts now.',
  year: 'Starts now.',
  onetime: 'Starts now and never expires.',
};
export function defaultRange(now: Date, timeZone = browserTimeZone()): { start: string; end: string } {
  const today = businessDayOf(now, timeZone);
  return { start: today, end: addDays(today, 1) };
}

/**
 * What the dialog sends. A custom range runs from the start of its start day to the start of its
 * end day on the admin's calendar, so the end date the customer sees is the one picked here.
 */
export function licenseCreateBody(
  email: string,
  mode: LicenseCreateMode,
  range: { start: string; end: string },
  timeZone = browserTimeZone(),
): TLicenseCreateBody {
  if (mode !== 'custom') return { email, mode };
  return {
    email,
    mode,
    start_date: startOfBusinessDay(range.start, timeZone).toISOString(),
    end_date: startOfBusinessDay(range.end, timeZone).toISOString(),
  };
}

/**
 * Generate a licence for an existing account (spec §2, §4, §5). The form is mounted afresh each
 * time the dialog opens (the Dialog renders its content only while open), which is the spec's
 * rule: duration back to 'day', email, suggestions and selection cleared.
 */
export function GenerateLicenseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [generate, { isLoading }] = useGenerateLicenseMutation();

  /** Answers why it failed (the server's detail), or null once the licence exists. */
  const submit = async (body: TLicenseCreateBody): Promise<string | null> => {
    try {
      await generate(body).unwrap();
      toast.success(MSG.licenseGenerated);
      onClose();
      return null;
    } catch (e) {
      const detail = toApiError(e).message;
      toast.error(<FailureMessage title={MSG.licenseGenerationFailed} detail={detail} />);
      return detail;
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Generate License"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isLoading}>
            {isLoading ? 'Generating…' : 'Generate'}
          </Button>
        </>
      }
    >
      <GenerateLicenseForm id={formId} onSubmit={submit} />
    </Dialog>
  );
}

function GenerateLicenseForm({ id, onSubmit }: { id: string; onSubmit: (body: TLicenseCreateBody) => Promise<string | null> }) {
  const durationId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [mode, setMode] = useState<LicenseCreateMode>('day');
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const rangeProblem = mode === 'custom' && !(range.start && range.end && range.end > range.start) ? MSG.licenseRangeInvalid : null;
  const [showRangeProblem, setShowRangeProblem] = useState(false);
  // Said in the dialog as well as in the toast: a modal dialog covers the toasts with its backdrop.
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) {
      setEmailInvalid(true);
      toast.warning(MSG.selectOneEmail, { toastId: MSG.selectOneEmail });
      emailRef.current?.focus();
      return;
    }
    if (rangeProblem) {
      setShowRangeProblem(true);
      return;
    }
    setFailure(null);
    setFailure(await onSubmit(licenseCreateBody(selected, mode, range)));
  };

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {failure ? (
        <FormAlert>
          <FailureMessage title={MSG.licenseGenerationFailed} detail={failure} />
        </FormAlert>
      ) : null}
      <EmailCombobox
        inputRef={emailRef}
        text={text}
        selected={selected}
        invalid={emailInvalid && !selected}
        onText={setText}
        onSelect={(email) => {
          setSelected(email);
          if (email) setEmailInvalid(false);
        }}
      />
      <div>
        <label htmlFor={durationId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Duration
        </label>
        <select id={durationId} value={mode} onChange={(e) => setMode(e.target.value as LicenseCreateMode)} className={controlClass(false)}>
          {LICENSE_CREATE_MODES.map((m) => (
            <option key={m} value={m}>
              {DURATION_LABELS[m]}
            </option>
          ))}
        </select>
        {mode !== 'custom' ? (
          <p className="mt-1 text-xs text-slate-600">{DURATION_HINTS[mode]}</p>
        ) : null}
      </div>
      {mode === 'custom' ? (
        <fieldset>
          <legend className="sr-only">Custom range</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <DateInput label="Start date" value={range.start} onChange={(start) => setRange((r) => ({ ...r, start }))} />
            <DateInput
              label="End date"
              value={range.end}
              min={range.start || undefined}
              invalid={showRangeProblem && rangeProblem !== null}
              onChange={(end) => setRange((r) => ({ ...r, end }))}
            />
          </div>
          <p className="mt-1 text-xs text-slate-600">The license stops at the start of the end date.</p>
          {showRangeProblem && rangeProblem ? (
            <p role="alert" className="mt-1.5 text-sm text-red-600">
              {rangeProblem}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </form>
  );
}

function DateInput({
  label,
  value,
  onChange,
  min,
  invalid = false,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  invalid?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass(invalid)}
      />
    </div>
  );
}
