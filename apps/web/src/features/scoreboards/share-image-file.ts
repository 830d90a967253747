import { saveBlob } from '../../lib/download';
import {
  drawShareImage,
  SHARE_IMAGE_SIZE_PX,
  type ShareImageInput,
  type ShareLogo,
} from './share-image';

// The share image as a file (decision 0088): drawn on a canvas, encoded as PNG, then shared with
// the phone's share sheet when it takes files, else downloaded.

/**
 * The tenant's logo for the image, or null when it does not load. Asked for with CORS, so that a
 * logo the canvas could not export (another origin without CORS) fails here, not at the export.
 */
export function loadShareLogo(url: string | null): Promise<ShareLogo | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () =>
      resolve({ image, widthPx: image.naturalWidth, heightPx: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** The canvas's PNG, or null when the browser gives none. */
function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** The image drawn on a new canvas and encoded as PNG; without the logo when it taints it. */
export async function renderShareImage(input: ShareImageInput): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_IMAGE_SIZE_PX;
  canvas.height = SHARE_IMAGE_SIZE_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  drawShareImage(ctx, input);
  let blob: Blob | null;
  try {
    blob = await canvasPng(canvas);
  } catch (error) {
    // A logo the browser will not let out (SecurityError): the image goes without it.
    if (!input.logo) throw error;
    return renderShareImage({ ...input, logo: null });
  }
  if (!blob) throw new Error('No PNG from the canvas');
  return blob;
}

/**
 * Gives the image to the phone's share sheet when it can share files, else saves it as
 * `fileName`. A share the user cancels is not an error.
 */
export async function deliverShareImage(
  blob: Blob,
  opts: { fileName: string; title: string },
): Promise<'shared' | 'downloaded'> {
  const file = new File([blob], opts.fileName, { type: 'image/png' });
  const data = { files: [file], title: opts.title };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
    }
    return 'shared';
  }
  saveBlob(blob, opts.fileName);
  return 'downloaded';
}
