/**
 * QR decoding for the offline activation page, with the maintained ZXing-C++ build (zxing-wasm's
 * reader). Its .wasm is served by our own build (Vite emits it as an asset and `?url` names it):
 * the library would otherwise fetch it from a CDN, which the CSP forbids and a venue's phone may
 * not reach. This module is imported only by that page, so neither the reader's JS nor its 1 MB of
 * wasm reaches any other screen; the wasm is fetched on the first decode, not when the page opens.
 */
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

type Reader = typeof import('zxing-wasm/reader');

let reader: Promise<Reader> | undefined;

function loadReader(): Promise<Reader> {
  reader ??= import('zxing-wasm/reader').then(
    (zxing) => {
      zxing.prepareZXingModule({
        overrides: {
          locateFile: (file: string, prefix: string) =>
            file.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + file,
        },
      });
      return zxing;
    },
    (e: unknown) => {
      reader = undefined; // a failed chunk load (the phone lost the network) may be retried
      throw e;
    },
  );
  return reader;
}

/** Photos from a phone's camera are 12 MP and more; a QR filling part of one reads as well at this size, much faster. */
const MAX_IMAGE_SIDE = 1600;

/** The texts of the QR codes in `image` (an ImageData from a video frame, or an image file). */
export async function readQrCodes(
  image: ImageData | Blob,
  opts: { tryHarder?: boolean } = {},
): Promise<string[]> {
  const { readBarcodes } = await loadReader();
  const results = await readBarcodes(image, {
    formats: ['QRCode'],
    tryHarder: opts.tryHarder ?? true,
    maxNumberOfSymbols: 4,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}

/**
 * The QR codes in a photo or a screenshot the operator chose. Drawn through the browser's own
 * image decoder first (it knows every format the phone's camera writes, HEIC included, and the
 * photo's orientation), scaled down; the raw file goes to ZXing only if the browser cannot.
 */
export async function readQrCodesInFile(file: Blob): Promise<string[]> {
  let pixels: ImageData | null = null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context) {
      context.drawImage(bitmap, 0, 0, width, height);
      pixels = context.getImageData(0, 0, width, height);
    }
    bitmap.close();
  } catch {
    pixels = null;
  }
  return readQrCodes(pixels ?? file);
}

/** Starts fetching the reader (on the page's first scan intent), so the first frame decodes sooner. */
export function preloadQrReader(): void {
  void loadReader().catch(() => undefined);
}
