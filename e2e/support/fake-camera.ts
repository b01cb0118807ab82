import fs from 'node:fs';
import { PNG } from 'pngjs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (what Chromium's fake camera plays, looped) of `pngFile` held up to the camera: the
 * image scaled to most of the frame's height, centred on white. Grey only, so U and V stay 128.
 */
export function y4mOfImage(pngFile: string, y4mFile: string): void {
  const png = PNG.sync.read(fs.readFileSync(pngFile));
  const side = Math.round(HEIGHT * 0.85);
  const left = Math.round((WIDTH - side) / 2);
  const top = Math.round((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const sx = Math.floor((x * png.width) / side);
      const sy = Math.floor((y * png.height) / side);
      const i = (sy * png.width + sx) * 4;
      const [r, g, b, a] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
      const grey = 0.299 * r + 0.587 * g + 0.114 * b;
      luma[(top + y) * WIDTH + left + x] = Math.round((grey * a + 255 * (255 - a)) / 255);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  fs.writeFileSync(
    y4mFile,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
      frame,
      frame,
    ]),
  );
}

/** A Chromium of its own whose camera (any page may use it, no prompt) shows `y4mFile`. */
export async function browserWithCamera(y4mFile: string): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian chromium');
  // As getBrowser: the browser keeps the machine's clock when the suite runs under faketime.
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith('FAKETIME')) continue;
    if (name === 'LD_PRELOAD' && value.includes('faketime')) continue;
    env[name] = value;
  }
  return chromium.launch({
    executablePath,
    headless: true,
    env,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mFile}`,
    ],
  });
}
