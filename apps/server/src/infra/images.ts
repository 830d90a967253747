import type { ImageField } from '@tappa/contracts';
import sharp from 'sharp';
import { AppError } from '../errors';
import { hasIcoHeader, rebuildIco } from './ico';

/** Image formats the platform accepts, decided by content, never by the declared type. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'ico';

/** An image that passed the content check, re-encoded (metadata stripped, size bounded). */
export interface CheckedImage {
  body: Buffer;
  contentType: string;
  ext: string;
}

const CONTENT_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
} as const satisfies Record<ImageFormat, string>;

// Each upload is re-encoded once: libvips's cache of operations (50 MB) would only hold memory,
// and one thread per image leaves the other core to the requests (issue 33).
sharp.cache(false);
sharp.concurrency(1);

const FORMAT_NAMES = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', ico: 'ICO' } as const;
const MAX_ICO_BYTES = 256 * 1024;
// Refuse decompression bombs before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks an uploaded image by its content against `allowed` and re-encodes it within
 * `maxDimensionPx`; anything else is refused with a clear message naming the accepted formats.
 */
export async function checkImage(
  buffer: Buffer,
  opts: { allowed: readonly ImageFormat[]; maxDimensionPx: number; field: ImageField },
): Promise<CheckedImage> {
  const accepted = opts.allowed.map((f) => FORMAT_NAMES[f]).join(', ');
  const refuse = () => new AppError('image_type_refused', { field: opts.field, allowed: accepted });
  if (hasIcoHeader(buffer)) {
    if (!opts.allowed.includes('ico')) throw refuse();
    if (buffer.length > MAX_ICO_BYTES) {
      throw new AppError('image_too_large', { field: opts.field, max_kb: MAX_ICO_BYTES / 1024 });
    }
    // An icon is kept as an icon, rebuilt from its checked images only (sharp writes no ICO).
    const body = await rebuildIco(buffer, { maxInputPixels: MAX_INPUT_PIXELS });
    if (!body) throw refuse();
    return { body, contentType: CONTENT_TYPES.ico, ext: 'ico' };
  }
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw refuse();
  }
  const match = opts.allowed.find(
    (f): f is Exclude<ImageFormat, 'ico'> => f === format && f !== 'ico',
  );
  if (!match) throw refuse();
  const body = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({
      width: opts.maxDimensionPx,
      height: opts.maxDimensionPx,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toFormat(match)
    .toBuffer();
  return { body, contentType: CONTENT_TYPES[match], ext: match === 'jpeg' ? 'jpg' : match };
}
