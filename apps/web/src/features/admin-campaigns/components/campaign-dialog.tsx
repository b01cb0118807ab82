import { useState } from 'react';
import { toast } from 'react-toastify';
import { CAMPAIGN_LIST_NAMES, type TCampaign, type TCampaignDraft } from '@lbs/domain/campaigns';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { toApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date';
import { useAudienceCountQuery, useCreateCampaignMutation, useSendCampaignMutation, useSendTestCampaignMutation, useUpdateCampaignMutation } from '../api';
import { CampaignComposer } from './campaign-composer';
import { CampaignPreview } from './campaign-preview';
import { customersText } from '../format';

/**
 * One campaign: a new or draft one in the composer with preview, a test to the owner and the send
 * (behind a confirmation that says how many customers get it); a sent one read-only with its counts.
 */
export function CampaignDialog({ campaign, open, onClose }: { campaign: TCampaign | null; open: boolean; onClose: () => void }) {
  // The campaign as last saved here: a new one gets its id on the first save.
  const [saved, setSaved] = useState<TCampaign | null>(campaign);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [create] = useCreateCampaignMutation();
  const [update] = useUpdateCampaignMutation();
  const [sendTest, testing] = useSendTestCampaignMutation();
  const [send, sending] = useSendCampaignMutation();
  const isDraft = !saved || saved.status === 'draft';
  const audience = useAudienceCountQuery(saved?.kind ?? 'announcement', { skip: !saved || !isDraft, refetchOnMountOrArgChange: true });

  const save = async (draft: TCampaignDraft) => {
    const next = saved ? await update({ id: saved.id, body: draft }).unwrap() : await create(draft).unwrap();
    setSaved(next);
    toast.success('Draft saved');
  };
  const test = async () => {
    if (!saved) return;
    try {
      toast.success((await sendTest(saved.id).unwrap()).detail);
    } catch (e) {
      toast.error(toApiError(e).message);
    }
  };
  const confirmSend = async () => {
    if (!saved) return;
    try {
      const sent = await send(saved.id).unwrap();
      toast.success(`Sending to ${customersText(sent.audience ?? 0)}`);
      setConfirming(false);
      onClose();
    } catch (e) {
      toast.error(toApiError(e).message);
      setConfirming(false);
    }
  };
  const count = audience.data?.count;

  return (
    <Dialog open={open} onClose={onClose} title={saved ? (isDraft ? 'Edit announcement' : saved.subject) : 'New announcement'} wide>
      {isDraft ? (
        <div className="space-y-4">
          <CampaignComposer initial={saved ? { kind: saved.kind, subject: saved.subject, body: saved.body } : undefined} onSave={save} />
          {saved ? (
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <Button variant="secondary" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>
                {previewing ? 'Hide preview' : 'Preview'}
              </Button>
              <Button variant="secondary" onClick={() => void test()} disabled={testing.isLoading}>
                Send test to me
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={count === undefined || count === 0} className="sm:ml-auto">
                {count === undefined ? 'Counting customers…' : `Send to ${customersText(count)}`}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">Save the draft to preview it, send yourself a test and send it.</p>
          )}
          {saved && previewing ? <CampaignPreview id={saved.id} /> : null}
        </div>
      ) : saved ? (
        <SentCampaign campaign={saved} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Send announcement"
        confirmLabel={`Send to ${customersText(count ?? 0)}`}
        busy={sending.isLoading}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Send <strong className="text-ink [overflow-wrap:anywhere]">“{saved?.subject}”</strong> to {customersText(count ?? 0)} with{' '}
          {saved ? CAMPAIGN_LIST_NAMES[saved.kind].toLowerCase() : ''} on? Each gets one copy; it cannot be called back.
        </p>
      </ConfirmDialog>
    </Dialog>
  );
}

function SentCampaign({ campaign }: { campaign: TCampaign }) {
  const rows: Array<[string, string]> = [
    ['Kind', CAMPAIGN_LIST_NAMES[campaign.kind]],
    ['Status', campaign.status === 'sent' ? 'Sent' : 'Sending'],
    ['Audience', (campaign.audience ?? 0).toLocaleString('en-US')],
    ['Sent', campaign.sent.toLocaleString('en-US')],
    ['Failed', campaign.failed.toLocaleString('en-US')],
    ['Skipped (unsubscribed before delivery)', campaign.skipped.toLocaleString('en-US')],
    ['Queued', campaign.queued_at ? formatDateTime(campaign.queued_at) : '—'],
    ['Finished', campaign.finished_at ? formatDateTime(campaign.finished_at) : '—'],
  ];
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-semibold text-ink">{v}</dd>
          </div>
        ))}
      </dl>
      <CampaignPreview id={campaign.id} />
    </div>
  );
}
