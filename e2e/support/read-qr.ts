import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The same reader the offline activation page uses, here in Node: its wasm read from node_modules
// (the library would otherwise fetch it from a CDN).
const wasmFile = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: fs.readFileSync(wasmFile).buffer as ArrayBuffer } });

/** The texts of the QR codes in an image file's bytes (a PNG screenshot). */
export async function readQrCodes(image: Uint8Array): Promise<string[]> {
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
