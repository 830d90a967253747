import { describe, expect, it, vi } from 'vitest';
import { downscalePhoto, fitLongSide, type PhotoDecoder } from './downscale-photo';

/** A decoder that reads `widthPx` × `heightPx` and encodes a JPEG of `encodedBytes`. */
function decoderOf(widthPx: number, heightPx: number, encodedBytes = 300_000) {
  const encode = vi.fn(() =>
    Promise.resolve(new Blob([new Uint8Array(encodedBytes)]) as Blob | null),
  );
  const close = vi.fn();
  const decode: PhotoDecoder = () => Promise.resolve({ widthPx, heightPx, encode, close });
  return { decode, encode, close };
}

const fileOf = (bytes: number, name = 'IMG_0001.HEIC.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png', lastModified: 42 });

describe('fitLongSide', () => {
  it.each([
    [4000, 3000, 1600, 1200],
    [3000, 4000, 1200, 1600],
    [1600, 900, 1600, 900],
    [800, 600, 800, 600],
    [5000, 10, 1600, 3],
    [10_000, 1, 1600, 1],
  ])('%i×%i fits as %i×%i', (w, h, fw, fh) => {
    expect(fitLongSide({ widthPx: w, heightPx: h }, 1600)).toEqual({ widthPx: fw, heightPx: fh });
  });
});

describe('downscalePhoto', () => {
  it('brings a large photo down to 1600 px on the long side as a JPEG of quality 0.8', async () => {
    const { decode, encode, close } = decoderOf(4000, 3000);
    const photo = await downscalePhoto(fileOf(4_800_000), decode);
    expect(encode).toHaveBeenCalledWith({ widthPx: 1600, heightPx: 1200 }, 0.8);
    expect(photo).toMatchObject({ name: 'IMG_0001.HEIC.jpg', type: 'image/jpeg', size: 300_000 });
    expect(photo.lastModified).toBe(42);
    expect(close).toHaveBeenCalledOnce();
  });

  it('sends a small photo within the long side as it is', async () => {
    const { decode, encode, close } = decoderOf(1200, 900);
    const original = fileOf(200_000);
    expect(await downscalePhoto(original, decode)).toBe(original);
    expect(encode).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledOnce();
  });

  it('re-encodes a heavy photo within the long side, unless that saves nothing', async () => {
    const lighter = decoderOf(1600, 1200, 350_000);
    const heavy = fileOf(2_000_000);
    expect(await downscalePhoto(heavy, lighter.decode)).toMatchObject({ size: 350_000 });
    expect(lighter.encode).toHaveBeenCalledWith({ widthPx: 1600, heightPx: 1200 }, 0.8);
    const heavier = decoderOf(1600, 1200, 3_000_000);
    expect(await downscalePhoto(heavy, heavier.decode)).toBe(heavy);
  });

  it('sends the photo as it is when the browser cannot decode or encode it', async () => {
    const original = fileOf(4_800_000);
    expect(await downscalePhoto(original, () => Promise.resolve(null))).toBe(original);
    expect(await downscalePhoto(original, () => Promise.reject(new Error('HEIC')))).toBe(original);
    const failing = decoderOf(4000, 3000);
    failing.encode.mockResolvedValue(null);
    expect(await downscalePhoto(original, failing.decode)).toBe(original);
    expect(failing.close).toHaveBeenCalledOnce();
  });

  it('sends the photo as it is where there is no createImageBitmap (the default decoder)', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const original = fileOf(4_800_000);
    expect(await downscalePhoto(original)).toBe(original);
    vi.unstubAllGlobals();
  });
});
