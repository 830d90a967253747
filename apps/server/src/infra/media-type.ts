import { open } from 'node:fs/promises';
import sharp from 'sharp';

/** What an uploaded file is, decided by its bytes (never by the type the browser declared). */
export interface DetectedType {
  contentType: string;
  /** The extension of its stored name, without the dot. */
  ext: string;
  /** Whether it is an image sharp reads (it gets a phone-sized variant). */
  image: boolean;
}

/** Images browsers show and sharp reads; SVG is not one of them (it can carry scripts). */
const IMAGES: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
};

// Refuse decompression bombs before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/** The phone-sized variant's width bound (decision 0035). */
export const VARIANT_MAX_WIDTH_PX = 800;

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.subarray(at, at + text.length).toString('latin1') === text;

/**
 * Whether an MP4 (ISO BMFF) file whose track list is in `head` has sound tracks only: each
 * track's `hdlr` box names its kind (`soun`, `vide`) 8 bytes after its type. A recorder that
 * writes `isom` for a voice clip is then still audio.
 */
function isSoundOnly(head: Buffer): boolean {
  const kinds = new Set<string>();
  for (let at = head.indexOf('hdlr'); at !== -1; at = head.indexOf('hdlr', at + 4)) {
    kinds.add(head.subarray(at + 12, at + 16).toString('latin1'));
  }
  return kinds.has('soun') && !kinds.has('vide');
}

/** Sound and video by their magic numbers: MP3, MP4/M4A/MOV, Ogg, WebM, WAV, FLAC. */
function detectAudioVideo(bytes: Buffer): Omit<DetectedType, 'image'> | null {
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (brand === 'M4A ' || brand === 'M4B ' || isSoundOnly(bytes)) {
      return { contentType: 'audio/mp4', ext: 'm4a' };
    }
    if (brand === 'qt  ') return { contentType: 'video/quicktime', ext: 'mov' };
    return { contentType: 'video/mp4', ext: 'mp4' };
  }
  if (ascii(bytes, 0, 'OggS')) {
    const head = bytes.subarray(0, 128).toString('latin1');
    return head.includes('theora')
      ? { contentType: 'video/ogg', ext: 'ogv' }
      : { contentType: 'audio/ogg', ext: 'ogg' };
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM names its document type; other Matroska files are not for browsers.
    return bytes.subarray(0, 64).toString('latin1').includes('webm')
      ? { contentType: 'video/webm', ext: 'webm' }
      : null;
  }
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) {
    return { contentType: 'audio/wav', ext: 'wav' };
  }
  if (ascii(bytes, 0, 'fLaC')) return { contentType: 'audio/flac', ext: 'flac' };
  if (ascii(bytes, 0, 'ID3')) return { contentType: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame: 11 sync bits, then a layer that is not 0 (0 is AAC's ADTS).
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) {
    return (bytes[1]! & 0x06) === 0 ? null : { contentType: 'audio/mpeg', ext: 'mp3' };
  }
  return null;
}

/** The extension a file of unknown type keeps from its original name (`bin` when unsafe). */
function keptExtension(filename: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1];
  return ext ? ext.toLowerCase() : 'bin';
}

const HEAD_BYTES = 4096;

/** The first bytes of the file at `file`, where formats put their magic numbers. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The type of the uploaded file at `file` by its content: images sharp reads (JPEG, PNG, WebP,
 * GIF), the common sound and video formats by magic number, anything else
 * `application/octet-stream`. `filename` is the name it was sent with (an unknown type keeps
 * its extension).
 */
export async function detectMediaType(file: string, filename: string): Promise<DetectedType> {
  const media = detectAudioVideo(await headOf(file));
  if (media) return { ...media, image: false };
  let format: string | undefined;
  try {
    format = (await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  const image = format === undefined ? undefined : IMAGES[format];
  if (image) return { ...image, image: true };
  return { contentType: 'application/octet-stream', ext: keptExtension(filename), image: false };
}

/**
 * The phone-sized WebP of the image at `file` (at most {@link VARIANT_MAX_WIDTH_PX} wide, turned
 * upright, metadata stripped), or null when the image cannot be decoded after all.
 */
export async function phoneVariant(file: string): Promise<Buffer | null> {
  try {
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: VARIANT_MAX_WIDTH_PX, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}
