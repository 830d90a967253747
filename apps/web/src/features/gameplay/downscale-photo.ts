/** The long side a photo is brought down to on the phone before upload (decision 0038). */
export const PHOTO_LONG_SIDE_PX = 1600;
/** The JPEG quality of a photo re-encoded on the phone. */
export const PHOTO_JPEG_QUALITY = 0.8;
/** A photo within the long side and at most this size is sent as it is. */
export const PHOTO_AS_IS_MAX_BYTES = 512 * 1024;

/** A decoded photo: its pixel size (upright, EXIF orientation applied) and how to draw it. */
export interface DecodedPhoto {
  widthPx: number;
  heightPx: number;
  /** Encodes the photo at `widthPx` × `heightPx` as a JPEG of `quality`; null when it cannot. */
  encode: (size: { widthPx: number; heightPx: number }, quality: number) => Promise<Blob | null>;
  close: () => void;
}

/** Decodes a photo file; null when the browser cannot (a format it does not read, no memory). */
export type PhotoDecoder = (file: Blob) => Promise<DecodedPhoto | null>;

/** The size that fits `longSidePx` on the long side, keeping the proportions (never larger). */
export function fitLongSide(
  size: { widthPx: number; heightPx: number },
  longSidePx: number,
): { widthPx: number; heightPx: number } {
  const scale = Math.min(1, longSidePx / Math.max(size.widthPx, size.heightPx));
  return {
    widthPx: Math.max(1, Math.round(size.widthPx * scale)),
    heightPx: Math.max(1, Math.round(size.heightPx * scale)),
  };
}

/**
 * The photo to upload: brought down to `PHOTO_LONG_SIDE_PX` on the long side as a JPEG of
 * `PHOTO_JPEG_QUALITY` (a phone's 4000 × 3000 photo of several MB becomes a few hundred KB on
 * a weak street connection). A small photo within the long side is sent as it is, and so is one
 * the browser cannot decode: the server checks every photo by its content anyway.
 */
export async function downscalePhoto(
  file: File,
  decode: PhotoDecoder = decodeWithBitmap,
): Promise<File> {
  const photo = await decode(file).catch(() => null);
  if (!photo) return file;
  try {
    const size = { widthPx: photo.widthPx, heightPx: photo.heightPx };
    const fitted = fitLongSide(size, PHOTO_LONG_SIDE_PX);
    const fits = fitted.widthPx === size.widthPx && fitted.heightPx === size.heightPx;
    if (fits && file.size <= PHOTO_AS_IS_MAX_BYTES) return file;
    const blob = await photo.encode(fitted, PHOTO_JPEG_QUALITY).catch(() => null);
    // A re-encoding that saves nothing is not worth the lost quality.
    if (!blob || (fits && blob.size >= file.size)) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    photo.close();
  }
}

/**
 * The browser's decoder: `createImageBitmap` with the EXIF orientation applied (a portrait photo
 * stays upright), drawn on a canvas and encoded with `toBlob`.
 */
const decodeWithBitmap: PhotoDecoder = async (file) => {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return {
    widthPx: bitmap.width,
    heightPx: bitmap.height,
    close: () => bitmap.close(),
    encode: ({ widthPx, heightPx }, quality) => {
      const canvas = document.createElement('canvas');
      canvas.width = widthPx;
      canvas.height = heightPx;
      const context = canvas.getContext('2d');
      if (!context) return Promise.resolve(null);
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, widthPx, heightPx);
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    },
  };
};
