import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

/** The fake camera's picture: VGA, the format Chromium's file capture reads without scaling. */
const WIDTH_PX = 640;
const HEIGHT_PX = 480;
const FRAME_COUNT = 5;
/** White space around the code, in modules: the QR standard asks for at least 4. */
const QUIET_ZONE_MODULES = 4;
const BLACK = 16;
const WHITE = 235;
/** Chroma of a grey picture. */
const NEUTRAL_CHROMA = 128;

/** The luma plane: the code's modules black on white, centred, each a square of whole pixels. */
function lumaPlane(text: string): Buffer {
  const { modules } = QRCode.create(text);
  const modulePx = Math.floor(
    Math.min(WIDTH_PX, HEIGHT_PX) / (modules.size + 2 * QUIET_ZONE_MODULES),
  );
  const left = Math.floor((WIDTH_PX - modules.size * modulePx) / 2);
  const top = Math.floor((HEIGHT_PX - modules.size * modulePx) / 2);
  const luma = Buffer.alloc(WIDTH_PX * HEIGHT_PX, WHITE);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < modulePx; y++) {
        const start = (top + row * modulePx + y) * WIDTH_PX + left + col * modulePx;
        luma.fill(BLACK, start, start + modulePx);
      }
    }
  }
  return luma;
}

/**
 * Writes a still video of a QR code encoding `text` to `file`, in the YUV4MPEG2 format Chromium
 * plays as its fake camera (`--use-file-for-fake-video-capture`); it loops the few frames.
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH_PX} H${HEIGHT_PX} F30:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((WIDTH_PX / 2) * (HEIGHT_PX / 2) * 2, NEUTRAL_CHROMA);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaPlane(text), chroma]);
  await writeFile(file, Buffer.concat([header, ...Array<Buffer>(FRAME_COUNT).fill(frame)]));
}
