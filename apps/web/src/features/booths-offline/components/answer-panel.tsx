import { useEffect, useId, useRef, useState } from 'react';
import type { TOfflineActivationAnswer } from '@lbs/domain/offline-activation';
import { LICENSE_TYPE_LABELS } from '@lbs/domain/license-terms';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/format-date';
import { saveBlob } from '../../../lib/save-file';
import { FactList } from './fact-list';

export const ANSWER_FILE_NAME = 'lentibooth-activation.txt';

/** The answer as an SVG QR code (data: URL); the generator loads with the first answer, not before. */
async function answerQrCode(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  // Level M: a phone's screen held up to a booth's camera has glare; the answer still fits a QR a
  // phone shows whole (a lease is about 600 characters).
  const svg = await toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Step 3: what the booth reads back (the QR, the text to copy or save as a file) and what was
 * activated. Its heading takes the focus when it appears, so a screen reader hears the result.
 */
export function AnswerPanel({
  answer,
  onAnother,
}: {
  answer: TOfflineActivationAnswer;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const textId = useId();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);

  useEffect(() => {
    heading.current?.focus();
  }, [answer.answer]);

  useEffect(() => {
    // The page keys this panel by the answer, so a new answer starts from a fresh state.
    let current = true;
    answerQrCode(answer.answer).then(
      (url) => current && setQr(url),
      () => current && setQrFailed(true),
    );
    return () => {
      current = false;
    };
  }, [answer.answer]);

  const device = answer.device_name
    ? `${answer.device_name} (${answer.device_id})`
    : answer.device_id;
  const facts: [string, string][] = [
    ['Booth', device],
    ['Key', `…${answer.license.key_suffix}`],
    ['Plan', LICENSE_TYPE_LABELS[answer.license.type]],
    ['Runs offline until', formatDateTime(answer.lease_expires_at)],
    ['Read the answer on the booth before', formatDateTime(answer.request_expires_at)],
  ];

  return (
    <section
      aria-labelledby="offline-answer-heading"
      className="mt-8 rounded-2xl border border-emerald-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="offline-answer-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        3. Show the booth the answer
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The key is now activated for this booth. The booth starts working once it reads this answer:
        let it scan the QR code, or give it the text (copy it, or download it as a file).
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col items-center">
          {qr ? (
            <img
              src={qr}
              alt={`QR code of the activation answer for ${device}`}
              width={320}
              height={320}
              data-testid="offline-answer-qr"
              className="aspect-square w-full max-w-sm rounded-lg border border-slate-200 bg-white"
            />
          ) : qrFailed ? (
            <p role="alert" className="text-sm text-red-800">
              The QR code could not be drawn. Copy the text or download the file instead.
            </p>
          ) : (
            <p
              role="status"
              className="flex aspect-square w-full max-w-sm items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600"
            >
              Drawing the QR code…
            </p>
          )}
        </div>

        <div className="min-w-0">
          <label htmlFor={textId} className="block text-sm font-medium text-ink">
            Answer text
          </label>
          <textarea
            id={textId}
            readOnly
            value={answer.answer}
            rows={7}
            spellCheck={false}
            className="mt-1.5 block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-ink [word-break:break-all] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <CopyButton value={answer.answer} label="Copy the answer text" />
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={() =>
                saveBlob(new Blob([`${answer.answer}\n`], { type: 'text/plain' }), ANSWER_FILE_NAME)
              }
            >
              <DownloadIcon className="h-4 w-4" />
              Download as file
            </Button>
          </div>

          <h3 className="mt-5 text-sm font-semibold text-ink">Activated</h3>
          <FactList facts={facts} variant="inset" />
        </div>
      </div>

      <div className="mt-6">
        <Button variant="secondary" onClick={onAnother}>
          Activate another booth
        </Button>
      </div>
    </section>
  );
}
