import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_KINDS, CAMPAIGN_LIST_NAMES, ZCampaignDraft, type TCampaignDraft } from '@lbs/domain/campaigns';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';

const KIND_HINTS: Record<TCampaignDraft['kind'], string> = {
  announcement: 'To customers with announcements on (the default).',
  promotional: 'Only to customers who turned promotional emails on.',
};

/**
 * The composer: kind, subject and the message as plain text (a blank line starts a paragraph).
 * onSave gets the draft; a refusal shows the server's detail above the button.
 */
export function CampaignComposer({ initial, onSave }: { initial?: TCampaignDraft; onSave: (draft: TCampaignDraft) => Promise<unknown> }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TCampaignDraft>({ resolver: zodResolver(ZCampaignDraft), defaultValues: initial ?? { kind: 'announcement', subject: '', body: '' } });

  const submit = async (draft: TCampaignDraft) => {
    setServerError(null);
    try {
      await onSave(draft);
    } catch (error) {
      setServerError(toApiError(error).message);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} className="space-y-4" aria-label="Compose announcement">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Kind</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CAMPAIGN_KINDS.map((kind) => (
            <label key={kind} className="flex gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="radio" value={kind} className="mt-0.5 h-4 w-4 accent-brand-600" {...register('kind')} />
              <span>
                <span className="block font-semibold text-ink">{CAMPAIGN_LIST_NAMES[kind]}</span>
                <span className="block text-slate-600">{KIND_HINTS[kind]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Subject" error={errors.subject?.message} autoComplete="off" {...register('subject')} />
      <TextAreaField
        label="Message"
        rows={8}
        maxLength={CAMPAIGN_BODY_MAX}
        hint="Plain text. Leave a blank line between paragraphs. Each customer's copy starts with their name and ends with an unsubscribe link."
        error={errors.body?.message}
        {...register('body')}
      />
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || (initial !== undefined && !isDirty)}>
          {isSubmitting ? 'Saving…' : 'Save draft'}
        </Button>
      </div>
    </form>
  );
}
