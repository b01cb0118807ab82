import { useEffect, useRef, useState } from 'react';
import {
  isOfflineRequestExpired,
  OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS,
  OFFLINE_REQUEST_PROBLEMS,
  type TOfflineActivationAnswer,
  type TOfflineActivationRequest,
} from '@lbs/domain/offline-activation';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { useAppSelector } from '../../../lib/store-hooks';
import { isAdmin } from '../../session/user-slice';
import { useActivateOfflineMutation } from '../api';
import { AnswerPanel } from '../components/answer-panel';
import { CheckAndActivate } from '../components/check-and-activate';
import { RequestReader } from '../components/request-reader';
import type { ReadRequest } from '../read-request';

/**
 * "Activate a booth offline" (issue 20): a booth with no internet shows an activation request as
 * a QR code; the operator reads it here (the phone's camera, a photo, or its text), activates,
 * and shows the booth the answer. An expired request offers no Activate: judged here by the phone's
 * clock with the server's allowance for the booth's (an hour), and by the server's answer if the
 * phone's clock is behind (the server has the last word either way).
 */
export function ActivateOfflinePage() {
  const user = useAppSelector((s) => s.user.user);
  const asAdmin = isAdmin(user);
  const [activate, activation] = useActivateOfflineMutation();
  const [read, setRead] = useState<ReadRequest | null>(null);
  const [answer, setAnswer] = useState<TOfflineActivationAnswer | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const expired = useExpired(read?.request ?? null) || serverError === OFFLINE_REQUEST_PROBLEMS.expired;
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const requestHeading = useRef<HTMLHeadingElement>(null);

  const take = (found: ReadRequest) => {
    setRead(found);
    setServerError(null);
    setAnswer(null);
    // The next step appears below; its heading takes the focus (and the screen scrolls to it).
    requestAnimationFrame(() => checkHeading.current?.focus());
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

  // The reader comes back empty (its problems and pasted text went with it).
  const startOver = () => {
    setRead(null);
    setAnswer(null);
    setServerError(null);
    activation.reset();
    requestAnimationFrame(() => requestHeading.current?.focus());
  };

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
          <RequestReader onRead={take} />
        )}
      </section>

      {read && (
        <CheckAndActivate
          request={read.request}
          headingRef={checkHeading}
          expired={expired}
          serverError={serverError}
          answered={answer !== null}
          activating={activation.isLoading}
          onActivate={() => void onActivate()}
        />
      )}

      {answer && <AnswerPanel key={answer.answer} answer={answer} onAnother={startOver} />}
    </div>
  );
}

/** Whether the request has expired, now and as the page stays open (it turns at its end). */
function useExpired(request: Pick<TOfflineActivationRequest, 'exp'> | null): boolean {
  const [, rerender] = useState(0);
  const expired = request !== null && isOfflineRequestExpired(request, new Date());
  useEffect(() => {
    if (request === null || expired) return;
    const ms = (request.exp + OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS + 1) * 1000 - Date.now();
    const id = setTimeout(() => rerender((n) => n + 1), Math.max(0, ms));
    return () => clearTimeout(id);
  }, [request, expired]);
  return expired;
}
