import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { controlClass } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { useRequestReader } from '../hooks/use-request-reader';
import { preloadQrReader } from '../read-qr-code';
import type { ReadRequest } from '../read-request';
import { CameraScanner, canUseCamera } from './camera-scanner';

/** Step 1's two cards: scan the QR code (camera or a photo of it), or paste its text. */
export function RequestReader({ onRead }: { onRead: (found: ReadRequest) => void }) {
  const reader = useRequestReader(onRead);
  const pasteId = useId();
  const fileId = useId();
  const pasteErrorId = useId();
  const photoErrorId = useId();
  const cameraOffered = canUseCamera();
  const { photoProblem, pasteProblem } = reader;

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h3 className="font-semibold text-ink">Scan the QR code</h3>
        {cameraOffered && (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Point this device’s camera at the QR code on the booth’s screen.
            </p>
            {reader.scanning ? (
              <CameraScanner onText={reader.onCameraText} onStop={reader.stopScan} hint={reader.cameraHint} />
            ) : (
              <Button className="mt-3 w-full sm:w-auto" onClick={reader.startScan}>
                Scan with camera
              </Button>
            )}
          </>
        )}
        <label htmlFor={fileId} className="mt-4 block text-sm font-medium text-ink">
          {cameraOffered
            ? 'Or choose a photo or screenshot of the QR code'
            : 'Choose a photo or screenshot of the QR code'}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          disabled={reader.decoding}
          aria-describedby={photoProblem ? photoErrorId : undefined}
          onClick={preloadQrReader}
          onChange={(e) => void reader.onFile(e.currentTarget)}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
        {reader.decoding && (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Reading the QR code…
          </p>
        )}
        {photoProblem && (
          <div id={photoErrorId} className="mt-3">
            <FormAlert>{photoProblem}</FormAlert>
          </div>
        )}
      </div>

      <form onSubmit={reader.onPaste} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" noValidate>
        <h3 className="font-semibold text-ink">Or paste its text</h3>
        <label htmlFor={pasteId} className="mt-1 block text-sm text-slate-600">
          Request text (starts with lboa1-req.)
        </label>
        <textarea
          id={pasteId}
          value={reader.pasted}
          onChange={(e) => reader.setPasted(e.currentTarget.value)}
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={pasteProblem ? true : undefined}
          aria-describedby={pasteProblem ? pasteErrorId : undefined}
          className={`${controlClass(Boolean(pasteProblem))} mt-1.5 font-mono text-xs`}
        />
        {pasteProblem && (
          <div id={pasteErrorId} className="mt-3">
            <FormAlert>{pasteProblem}</FormAlert>
          </div>
        )}
        <Button type="submit" variant="secondary" className="mt-3 w-full sm:w-auto" disabled={!reader.pasted.trim()}>
          Read the text
        </Button>
      </form>
    </div>
  );
}
