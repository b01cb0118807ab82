import { useState, type FormEvent } from 'react';
import { OFFLINE_REQUEST_PROBLEMS } from '@lbs/domain/offline-activation';
import { readQrCodesInFile } from '../read-qr-code';
import { firstRequest, IMAGE_UNREADABLE, NO_QR_IN_IMAGE, NOT_A_REQUEST_QR, type ReadRequest } from '../read-request';

/**
 * The three ways to read a booth's request (camera, photo, pasted text), each with its problem
 * beside itself: a photo's is no fault of the pasted text. Lives as long as the reader is shown,
 * so reading another request starts from nothing.
 */
export function useRequestReader(onRead: (found: ReadRequest) => void) {
  const [pasted, setPasted] = useState('');
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [cameraHint, setCameraHint] = useState<string | null>(null);
  const [decoding, setDecoding] = useState(false);

  const take = (found: ReadRequest) => {
    setPhotoProblem(null);
    setPasteProblem(null);
    setScanning(false);
    onRead(found);
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

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
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
      input.value = '';
    }
  };

  const onPaste = (e: FormEvent) => {
    e.preventDefault();
    const found = firstRequest([pasted]);
    if (typeof found === 'string') setPasteProblem(OFFLINE_REQUEST_PROBLEMS[found]);
    else take(found);
  };

  const startScan = () => {
    setCameraHint(null);
    setPhotoProblem(null);
    setScanning(true);
  };

  return {
    pasted,
    setPasted,
    photoProblem,
    pasteProblem,
    scanning,
    stopScan: () => setScanning(false),
    startScan,
    cameraHint,
    decoding,
    onCameraText,
    onFile,
    onPaste,
  };
}
