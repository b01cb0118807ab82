import { useId, useState } from 'react';
import { useCampaignPreviewQuery } from '../api';

/**
 * The mail as a customer gets it, rendered by the server (made out to the signed-in owner): the
 * HTML in a sandboxed frame (no scripts, no same-origin), the text part and the unsubscribe headers.
 */
export function CampaignPreview({ id }: { id: number }) {
  const { data, isLoading, isError } = useCampaignPreviewQuery(id, { refetchOnMountOrArgChange: true });
  const [part, setPart] = useState<'html' | 'text'>('html');
  const headingId = useId();
  if (isLoading) return <p className="text-sm text-slate-600">Loading the preview…</p>;
  if (isError || !data) return <p className="text-sm text-red-700">The preview could not be loaded.</p>;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          Preview: {data.subject}
        </h3>
        <div role="group" aria-label="Mail part" className="flex gap-1 text-sm">
          {(['html', 'text'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={part === p}
              onClick={() => setPart(p)}
              className="rounded-md px-3 py-1 font-semibold text-slate-700 hover:bg-white aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-xs"
            >
              {p === 'html' ? 'HTML' : 'Plain text'}
            </button>
          ))}
        </div>
      </div>
      {part === 'html' ? (
        <iframe title={`Preview of “${data.subject}”`} sandbox="" srcDoc={data.html} className="mt-3 h-96 w-full rounded-lg border border-slate-200 bg-white" />
      ) : (
        <pre tabIndex={0} aria-label="The plain-text mail" className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-white p-3 text-xs text-ink [overflow-wrap:anywhere]">{data.text}</pre>
      )}
      <dl className="mt-3 space-y-1 text-xs text-slate-600">
        {Object.entries(data.headers).map(([name, value]) => (
          <div key={name} className="[overflow-wrap:anywhere]">
            <dt className="inline font-semibold">{name}: </dt>
            <dd className="inline font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
