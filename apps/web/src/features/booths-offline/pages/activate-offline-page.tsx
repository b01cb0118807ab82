import { useId, useRef, useState, type FormEvent } from 'react';
import {
  OFFLINE_REQUEST_PROBLEMS,
  parseOfflineActivationRequest,
  type TOfflineActivationAnswer,
  type TOfflineActivationRequest,
} from '@lbs/domain/offline-activation';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { controlClass } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format-date';
import { useAppSelector } from '../../../lib/store-hooks';
import { isAdmin } from '../../session/user-slice';
import { useActivateOfflineMutation } from '../api';
import { AnswerPanel } from '../components/answer-panel';
import { CameraScanner, canUseCamera } from '../components/camera-scanner';
import { FactList } from '../components/fact-list';
import { preloadQrReader, readQrCodesInFile } from '../read-qr-code';

const NO_QR_IN_IMAGE =
  'No QR code was found in this image. Take the photo closer and straight on, or paste the request’s text.';
const NOT_A_REQUEST_QR = 'That QR code is not a LentiBooth activation request.';
const IMAGE_UNREADABLE =
  'This image could not be read. Choose another photo, or paste the request’s text.';

interface ReadRequest {
  text: string;
  request: TOfflineActivationRequest;
}

/** The first of `texts` that is an activation request, or the problem with the first one. */
function firstRequest(texts: string[]): ReadRequest | keyof typeof OFFLINE_REQUEST_PROBLEMS {
  let problem: keyof typeof OFFLINE_REQUEST_PROBLEMS = 'notARequest';
  for (const text of texts) {
    const parsed = parseOfflineActivationRequest(text);
    if (parsed.ok) return { text, request: parsed.request };
    if (parsed.problem !== 'notARequest') problem = parsed.problem;
  }
  return problem;
}

/**
 * "Activate a booth offline" (issue 20): a booth with no internet shows an activation request as
 * a QR code; the operator reads it here (the phone's camera, a photo, or its text), activates,
 * and shows the booth the answer. Whether the request has expired is the server's to say, by its
 * clock: the phone's may be off.
 */
export function ActivateOfflinePage() {
  const user = useAppSelector((s) => s.user.user);
  const asAdmin = isAdmin(user);
  const [activate, activation] = useActivateOfflineMutation();
  const [pasted, setPasted] = useState('');
  const [read, setRead] = useState<ReadRequest | null>(null);
  // Each way in says its own problem beside itself: a photo's is no fault of the pasted text.
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [cameraHint, setCameraHint] = useState<string | null>(null);
  const [decoding, setDecoding] = useState(false);
  const [answer, setAnswer] = useState<TOfflineActivationAnswer | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const requestHeading = useRef<HTMLHeadingElement>(null);
  const pasteId = useId();
  const fileId = useId();
  const pasteErrorId = useId();
  const photoErrorId = useId();
  const cameraOffered = canUseCamera();

  const take = (found: ReadRequest) => {
    setRead(found);
    setPhotoProblem(null);
    setPasteProblem(null);
    setServerError(null);
    setAnswer(null);
    setScanning(false);
    // The next step appears below; its heading takes the focus (and the screen scrolls to it).
    requestAnimationFrame(() => checkHeading.current?.focus());
  };

  const onCameraText = (text: string): boolean => {
    const found = firstRequest([text]);
    if (typeof found === 'string') {
      setCameraHint(found === 'notARequest' ? NOT_A_REQUEST_QR : OFFLINE_REQUEST_PROBLEMS[found]);
      return false;
    }
    take(found);
    return true;
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setDecoding(true);
    setPhotoProblem(null);
    try {
      const texts = await readQrCodesInFile(file);
      const found = firstRequest(texts);
      if (typeof found !== 'string') take(found);
      else
        setPhotoProblem(
          texts.length === 0
            ? NO_QR_IN_IMAGE
            : found === 'notARequest'
              ? NOT_A_REQUEST_QR
              : OFFLINE_REQUEST_PROBLEMS[found],
        );
    } catch {
      setPhotoProblem(IMAGE_UNREADABLE);
    } finally {
      setDecoding(false);
      // The same file chosen again (after fixing nothing) still triggers a change.
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onPaste = (e: FormEvent) => {
    e.preventDefault();
    const found = firstRequest([pasted]);
    if (typeof found === 'string') setPasteProblem(OFFLINE_REQUEST_PROBLEMS[found]);
    else take(found);
  };

  const onActivate = async () => {
    if (!read) return;
    setServerError(null);
    const result = await activate({ request: read.text, asAdmin });
    if ('data' in result && result.data) setAnswer(result.data);
    else if ('error' in result) {
      const error = result.error as { message?: string } | undefined;
      setServerError(error?.message ?? 'The activation failed. Try again.');
    }
  };

  const startOver = () => {
    setRead(null);
    setAnswer(null);
    setServerError(null);
    setPhotoProblem(null);
    setPasteProblem(null);
    setPasted('');
    activation.reset();
    requestAnimationFrame(() => requestHeading.current?.focus());
  };

  const request = read?.request;

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Activate a booth offline</h1>
      <p className="mt-2 text-slate-600">
        A booth with no internet shows an activation request as a QR code. Read it here, activate,
        and show the booth the answer{asAdmin ? ' (as an admin, any customer’s key)' : ''}.
      </p>

      <section aria-labelledby="offline-request-heading" className="mt-8">
        <h2
          id="offline-request-heading"
          ref={requestHeading}
          tabIndex={-1}
          className="text-xl font-semibold text-ink focus:outline-none"
        >
          1. Read the booth’s request
        </h2>

        {read ? (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">
              <CheckIcon className="mr-1.5 inline h-4 w-4 text-emerald-600" aria-hidden />
              Request read: {read.request.dn ?? read.request.dev}
            </p>
            <Button variant="ghost" onClick={startOver} className="-ml-3 self-start px-3 py-1.5 sm:ml-0 sm:self-auto">
              Read another request
            </Button>
          </div>
        ) : (
          <>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <h3 className="font-semibold text-ink">Scan the QR code</h3>
                {cameraOffered && (
                  <>
                    <p className="mt-1 text-sm text-slate-600">
                      Point this device’s camera at the QR code on the booth’s screen.
                    </p>
                    {scanning ? (
                      <CameraScanner
                        onText={onCameraText}
                        onStop={() => setScanning(false)}
                        hint={cameraHint}
                      />
                    ) : (
                      <Button
                        className="mt-3 w-full sm:w-auto"
                        onClick={() => {
                          setCameraHint(null);
                          setPhotoProblem(null);
                          setScanning(true);
                        }}
                      >
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
                  ref={fileInput}
                  id={fileId}
                  type="file"
                  accept="image/*"
                  disabled={decoding}
                  aria-describedby={photoProblem ? photoErrorId : undefined}
                  onClick={preloadQrReader}
                  onChange={(e) => void onFile(e.currentTarget.files?.[0])}
                  className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
                />
                {decoding && (
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

              <form
                onSubmit={onPaste}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
                noValidate
              >
                <h3 className="font-semibold text-ink">Or paste its text</h3>
                <label htmlFor={pasteId} className="mt-1 block text-sm text-slate-600">
                  Request text (starts with lboa1-req.)
                </label>
                <textarea
                  id={pasteId}
                  value={pasted}
                  onChange={(e) => setPasted(e.currentTarget.value)}
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
                <Button
                  type="submit"
                  variant="secondary"
                  className="mt-3 w-full sm:w-auto"
                  disabled={!pasted.trim()}
                >
                  Read the text
                </Button>
              </form>
            </div>
          </>
        )}
      </section>

      {request && read && (
        <section aria-labelledby="offline-check-heading" className="mt-8">
          <h2
            id="offline-check-heading"
            ref={checkHeading}
            tabIndex={-1}
            className="text-xl font-semibold text-ink focus:outline-none"
          >
            2. Check and activate
          </h2>
          <FactList
            variant="card"
            facts={
              [
                ['Booth name', request.dn ?? 'Not named'],
                ['Device ID', request.dev],
                ...(request.av ? [['Program version', request.av] as [string, string]] : []),
                ['Request expires', formatDateTime(new Date(request.exp * 1000).toISOString())],
              ] as [string, string][]
            }
          />
          {serverError && (
            <div className="mt-4">
              <FormAlert>{serverError}</FormAlert>
            </div>
          )}
          {!answer && (
            <div className="mt-4 flex flex-wrap gap-3">
              <Button
                onClick={() => void onActivate()}
                disabled={activation.isLoading}
                className="w-full sm:w-auto"
              >
                {activation.isLoading ? 'Activating…' : 'Activate'}
              </Button>
            </div>
          )}
        </section>
      )}

      {answer && <AnswerPanel key={answer.answer} answer={answer} onAnother={startOver} />}
    </div>
  );
}
