import sharp from 'sharp';

/** One image of an icon file, with the size its directory entry declares. */
export interface IconImage {
  sizePx: number;
  data: Buffer;
}

/** A PNG of `sizePx` square, as icon editors put in an ICO. */
export async function pngImage(sizePx: number): Promise<IconImage> {
  const data = await sharp({
    create: { width: sizePx, height: sizePx, channels: 4, background: '#3B82F6' },
  })
    .png()
    .toBuffer();
  return { sizePx, data };
}

/** A 32-bit BMP icon image: BITMAPINFOHEADER (height doubled), colour rows, AND mask rows. */
export function bmpImage(sizePx: number): IconImage {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(sizePx, 4);
  header.writeInt32LE(sizePx * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const colours = Buffer.alloc(sizePx * sizePx * 4, 0x80);
  const mask = Buffer.alloc(Math.ceil(sizePx / 32) * 4 * sizePx);
  return { sizePx, data: Buffer.concat([header, colours, mask]) };
}

/** An ICO file holding `images` one after the other, right after its directory. */
export function icoFile(images: readonly IconImage[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(image.sizePx % 256, 0);
    entry.writeUInt8(image.sizePx % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(image.data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}
