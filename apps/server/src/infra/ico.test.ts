import { describe, expect, it } from 'vitest';
import { bmpImage, icoFile, pngImage } from '../../test/helpers/ico';
import { rebuildIco } from './ico';

const opts = { maxInputPixels: 40_000_000 };

/** `ico` with the 32-bit value at `at` replaced. */
function withUInt32(ico: Buffer, at: number, value: number): Buffer {
  const copy = Buffer.from(ico);
  copy.writeUInt32LE(value, at);
  return copy;
}

describe('rebuildIco', () => {
  it('keeps an icon of PNG and BMP images, rebuilt from those images only', async () => {
    const png = await pngImage(32);
    const bmp = bmpImage(16);
    const ico = icoFile([png, bmp]);
    const rebuilt = await rebuildIco(ico, opts);
    expect(rebuilt).not.toBeNull();
    expect(rebuilt!.readUInt16LE(4)).toBe(2);
    // The rebuilt icon is itself a valid one, and rebuilding it changes nothing more.
    expect(await rebuildIco(rebuilt!, opts)).toEqual(rebuilt);

    const payload = Buffer.from('<script>alert(1)</script>');
    const withPayload = await rebuildIco(Buffer.concat([ico, payload]), opts);
    expect(withPayload).toEqual(rebuilt);
    expect(withPayload!.includes(payload)).toBe(false);
  });

  it('reads a zero width or height as 256 pixels', async () => {
    expect(await rebuildIco(icoFile([await pngImage(256)]), opts)).not.toBeNull();
  });

  it('refuses every icon that is not whole and consistent', async () => {
    const png = await pngImage(32);
    const good = icoFile([png]);
    const two = icoFile([png, bmpImage(16)]);
    const garbage = Buffer.alloc(200, 7);
    const cases: [string, Buffer][] = [
      ['the header alone', good.subarray(0, 6)],
      ['no images', Buffer.from([0, 0, 1, 0, 0, 0])],
      ['too many images', Buffer.concat([Buffer.from([0, 0, 1, 0, 200, 0]), garbage])],
      ['a directory cut short', good.subarray(0, 14)],
      ['an image cut short', good.subarray(0, good.length - 10)],
      ['an image past the end', withUInt32(good, 6 + 8, png.data.length + 1)],
      ['an image of zero bytes', withUInt32(good, 6 + 8, 0)],
      ['an image inside the directory', withUInt32(good, 6 + 12, 10)],
      ['two images overlapping', withUInt32(two, 6 + 16 + 12, 6 + 32 + 10)],
      ['garbage after a valid header', Buffer.concat([good.subarray(0, 22), garbage])],
      ['a PNG of another size', icoFile([{ sizePx: 16, data: png.data }])],
      ['a PNG that does not decode', icoFile([{ sizePx: 32, data: png.data.subarray(0, 60) }])],
      ['a BMP of another size', icoFile([{ sizePx: 32, data: bmpImage(16).data }])],
      [
        'a BMP short of its rows',
        icoFile([{ sizePx: 16, data: bmpImage(16).data.subarray(0, 600) }]),
      ],
      [
        'a BMP header of no known size',
        icoFile([{ sizePx: 16, data: withUInt32(bmpImage(16).data, 0, 12) }]),
      ],
    ];
    for (const [why, ico] of cases) {
      expect(await rebuildIco(ico, opts), why).toBeNull();
    }
  });
});
