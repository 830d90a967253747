import sharp from 'sharp';

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;
// Real icons hold a handful of sizes; more is not an icon a browser needs.
const MAX_ICO_IMAGES = 32;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// BITMAPINFOHEADER and its later versions (V2, V3, V4, V5).
const DIB_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
const DIB_BIT_COUNTS = new Set([1, 4, 8, 16, 24, 32]);
const BI_RGB = 0;

/** One image of an icon directory: its declared size and where its bytes are. */
interface IcoEntry {
  widthPx: number;
  heightPx: number;
  directory: Buffer;
  image: Buffer;
}

/** Whether the file starts like an ICO (reserved zero word, type 1); only then is it parsed. */
export function hasIcoHeader(buffer: Buffer): boolean {
  return (
    buffer.length >= HEADER_BYTES && buffer.readUInt16LE(0) === 0 && buffer.readUInt16LE(2) === 1
  );
}

/** The directory's entries, or null when the header or an entry points outside the file. */
function readEntries(buffer: Buffer): IcoEntry[] | null {
  const count = buffer.readUInt16LE(4);
  const dataStart = HEADER_BYTES + count * ENTRY_BYTES;
  if (count < 1 || count > MAX_ICO_IMAGES || buffer.length < dataStart) return null;
  const entries: (IcoEntry & { offset: number })[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    const size = buffer.readUInt32LE(at + 8);
    const offset = buffer.readUInt32LE(at + 12);
    if (size === 0 || offset < dataStart || offset + size > buffer.length) return null;
    entries.push({
      // A zero byte means 256 pixels.
      widthPx: buffer.readUInt8(at) || 256,
      heightPx: buffer.readUInt8(at + 1) || 256,
      directory: buffer.subarray(at, at + ENTRY_BYTES),
      image: buffer.subarray(offset, offset + size),
      offset,
    });
  }
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i += 1) {
    const previous = byOffset[i - 1]!;
    if (byOffset[i]!.offset < previous.offset + previous.image.length) return null;
  }
  return entries;
}

/** A PNG image of the icon, decoded whole and re-encoded; null unless it is one of its size. */
async function reencodePng(entry: IcoEntry, maxInputPixels: number): Promise<Buffer | null> {
  try {
    const { data, info } = await sharp(entry.image, { limitInputPixels: maxInputPixels })
      .png()
      .toBuffer({ resolveWithObject: true });
    const isDeclaredSize = info.width === entry.widthPx && info.height === entry.heightPx;
    return isDeclaredSize ? data : null;
  } catch {
    return null;
  }
}

/**
 * The bytes of a BMP image of the icon (a DIB header, its palette, the colour rows and the AND
 * mask rows, bottom-up as ICO stores them); null unless the header agrees with the directory
 * entry and the rows fit in the image's bytes.
 */
function bmpBytes(entry: IcoEntry): Buffer | null {
  const dib = entry.image;
  if (dib.length < 40) return null;
  const headerBytes = dib.readUInt32LE(0);
  const widthPx = dib.readInt32LE(4);
  // The height counts the colour rows and the mask rows.
  const doubledHeightPx = dib.readInt32LE(8);
  const planes = dib.readUInt16LE(12);
  const bitCount = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  const coloursUsed = dib.readUInt32LE(32);
  if (
    !DIB_HEADER_SIZES.has(headerBytes) ||
    widthPx !== entry.widthPx ||
    doubledHeightPx !== entry.heightPx * 2 ||
    planes !== 1 ||
    !DIB_BIT_COUNTS.has(bitCount) ||
    compression !== BI_RGB
  ) {
    return null;
  }
  const paletteColours = bitCount <= 8 ? coloursUsed || 2 ** bitCount : 0;
  if (bitCount <= 8 && paletteColours > 2 ** bitCount) return null;
  const colourRowBytes = Math.ceil((widthPx * bitCount) / 32) * 4;
  const maskRowBytes = Math.ceil(widthPx / 32) * 4;
  const imageBytes =
    headerBytes + paletteColours * 4 + (colourRowBytes + maskRowBytes) * entry.heightPx;
  return imageBytes <= dib.length ? dib.subarray(0, imageBytes) : null;
}

/**
 * Checks an ICO file whole: its header, every directory entry inside the file past the directory
 * and apart from the others, and every image a PNG that decodes or a BMP whose header agrees
 * with its entry. Returns the icon rebuilt from those checked images only (PNGs re-encoded,
 * nothing between or after them kept), or null when any part fails.
 */
export async function rebuildIco(
  buffer: Buffer,
  opts: { maxInputPixels: number },
): Promise<Buffer | null> {
  if (!hasIcoHeader(buffer)) return null;
  const entries = readEntries(buffer);
  if (!entries) return null;
  const images: Buffer[] = [];
  for (const entry of entries) {
    const isPng = entry.image.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
    const image = isPng ? await reencodePng(entry, opts.maxInputPixels) : bmpBytes(entry);
    if (!image) return null;
    images.push(image);
  }
  const header = Buffer.from(buffer.subarray(0, HEADER_BYTES));
  let offset = HEADER_BYTES + entries.length * ENTRY_BYTES;
  const directory = entries.map((entry, i) => {
    const copy = Buffer.from(entry.directory);
    copy.writeUInt32LE(images[i]!.length, 8);
    copy.writeUInt32LE(offset, 12);
    offset += images[i]!.length;
    return copy;
  });
  return Buffer.concat([header, ...directory, ...images]);
}
