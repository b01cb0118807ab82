import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { readQrCodes } from '../read-qr-code';

/** Frames are decoded at most this wide: a QR a phone holds up to a booth's screen fills much of the frame. */
const MAX_FRAME_SIDE = 1280;

const CAMERA_PROBLEMS: Record<string, string> = {
  NotAllowedError:
    'The camera is not allowed for this site. Allow it in the browser’s settings, or choose a photo of the QR code instead.',
  NotFoundError:
    'This device has no camera we can use. Choose a photo of the QR code, or paste its text.',
  NotReadableError:
    'The camera is busy in another app. Close that app and try again, or choose a photo of the QR code.',
};
const CAMERA_FAILED =
  'The camera could not start. Choose a photo of the QR code, or paste its text.';

/** Whether this browser can offer a live camera at all (not over plain http, not in old browsers). */
export const canUseCamera = () =>
  typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * The phone's back camera, live: frames are decoded one after another until `onText` accepts a
 * text (answers true), then the camera is released. Unmounting releases it too.
 */
export function CameraScanner({
  onText,
  onStop,
  hint,
}: {
  onText: (text: string) => boolean;
  onStop: () => void;
  hint: string | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // The decoding loop lives as long as the camera; it calls the latest callback.
  const accept = useRef(onText);
  useLayoutEffect(() => {
    accept.current = onText;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let frame = 0;
    const release = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    // One frame decoded at a time: the next is taken when the last decode is done, so a slow
    // phone decodes fewer frames instead of queueing them.
    const decodeNext = async () => {
      const el = video.current;
      if (stopped || !el || !context) return;
      if (el.readyState >= el.HAVE_CURRENT_DATA && el.videoWidth > 0) {
        const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(el.videoWidth, el.videoHeight));
        canvas.width = Math.round(el.videoWidth * scale);
        canvas.height = Math.round(el.videoHeight * scale);
        context.drawImage(el, 0, 0, canvas.width, canvas.height);
        try {
          const texts = await readQrCodes(context.getImageData(0, 0, canvas.width, canvas.height), {
            tryHarder: false,
          });
          if (!stopped && texts.some((t) => accept.current(t))) {
            release();
            return;
          }
        } catch {
          if (!stopped) setProblem(CAMERA_FAILED);
          release();
          return;
        }
      }
      if (!stopped) frame = requestAnimationFrame(() => void decodeNext());
    };

    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (e) {
        if (!stopped)
          setProblem(CAMERA_PROBLEMS[(e as { name?: string }).name ?? ''] ?? CAMERA_FAILED);
        return;
      }
      if (stopped || !video.current) {
        release();
        return;
      }
      video.current.srcObject = stream;
      try {
        await video.current.play();
      } catch {
        // Autoplay refused (rare for a muted inline video): frames still arrive once it plays.
      }
      if (stopped) return;
      setLive(true);
      void decodeNext();
    })();
    return release;
  }, []);

  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
      {problem ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {problem}
        </p>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera preview: hold the booth’s QR code in the frame"
            className="mx-auto aspect-square w-full max-w-sm rounded-lg bg-ink object-cover"
          />
          <p role="status" className="mt-2 text-center text-sm text-slate-600">
            {hint ?? (live ? 'Looking for the QR code…' : 'Starting the camera…')}
          </p>
        </>
      )}
      <div className="mt-3 flex justify-center">
        <Button variant="secondary" onClick={onStop}>
          {problem ? 'Close camera' : 'Stop camera'}
        </Button>
      </div>
    </div>
  );
}
