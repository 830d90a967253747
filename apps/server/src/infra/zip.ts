import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { localDateTime } from '@tappa/domain';

// A ZIP archive written as a stream (decision 0082): files STOREd as they are (photos are JPEGs,
// compressed already), each file's CRC-32 and sizes in a data descriptor after its bytes, so a
// file is read once and never held whole; names in UTF-8 (flag bit 11); the central directory at
// the end. No ZIP64: an archive must fit the 32-bit fields, which `fitsZip` checks before writing.

const LOCAL_HEADER_BYTES = 30;
const DESCRIPTOR_BYTES = 16;
const CENTRAL_HEADER_BYTES = 46;
const END_RECORD_BYTES = 22;
/** Bit 3: CRC and sizes in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
/** 2.0: what a data descriptor needs. */
const VERSION_NEEDED = 20;
/** Made on Unix (3), so that readers take the file mode of the external attributes. */
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
/** A regular file, rw-r--r--, in the high half of the external attributes. */
const EXTERNAL_ATTRIBUTES = 0o100644 * 0x10000;
/** The central directory is written in pieces of about this size. */
const DIRECTORY_PIECE_BYTES = 64 * 1024;

/** The most files a ZIP without ZIP64 holds. */
export const ZIP_MAX_ENTRIES = 0xffff;
/** The largest ZIP without ZIP64: every offset and size must stay below 2^32 - 1. */
export const ZIP_MAX_BYTES = 0xffffffff;

/** An archive that cannot be written: past the limits, or its reader gone. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** A file of the archive: its path inside it (`/`-separated), its time and its bytes. */
export interface ZipFile {
  name: string;
  modifiedAt: Date;
  /** Read once, as the archive is read; destroyed when the archive is given up. */
  body: Readable;
}

/** What a file of the archive weighs before it is written: its name and size. */
export interface ZipFileSize {
  name: string;
  sizeBytes: number;
}

/** The bytes of the archive of these files, as `ZipWriter` writes it. */
export function zipSize(files: readonly ZipFileSize[]): number {
  let total = END_RECORD_BYTES;
  for (const file of files) {
    const name = Buffer.byteLength(file.name);
    total += LOCAL_HEADER_BYTES + name + file.sizeBytes + DESCRIPTOR_BYTES;
    total += CENTRAL_HEADER_BYTES + name;
  }
  return total;
}

/** Whether the archive of these files fits a ZIP without ZIP64 (its files and its bytes). */
export function fitsZip(files: readonly ZipFileSize[]): boolean {
  return files.length <= ZIP_MAX_ENTRIES && zipSize(files) <= ZIP_MAX_BYTES;
}

/** An MS-DOS date and time of the wall clock of `timeZone`; before 1980 reads as 1980-01-01. */
function dosDateTime(at: Date, timeZone: string): { date: number; time: number } {
  const local = localDateTime(at, timeZone);
  const [year = 1980, month = 1, day = 1] = local.date.split('-').map(Number);
  const [hours = 0, minutes = 0, seconds = 0] = local.time.split(':').map(Number);
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  return {
    date: ((Math.min(year, 2107) - 1980) << 9) | (month << 5) | day,
    // DOS keeps seconds in twos.
    time: (hours << 11) | (minutes << 5) | Math.floor(seconds / 2),
  };
}

/** What the central directory repeats of a file. */
interface Written {
  name: Buffer;
  date: number;
  time: number;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(entry: Pick<Written, 'name' | 'date' | 'time'>): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // STORE
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  // CRC-32 and both sizes (14–25) stay 0: the data descriptor has them.
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(DESCRIPTOR_BYTES);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER_BYTES);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10); // STORE
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number and internal attributes (30–37) stay 0.
  header.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endRecord(entries: number, directoryBytes: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(END_RECORD_BYTES);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(directoryBytes, 12);
  record.writeUInt32LE(directoryOffset, 16);
  return record;
}

/** Options of `ZipWriter` and `zipStream`. */
export interface ZipOptions {
  /** The zone whose wall clock the files' times are written in (a ZIP's times have none). */
  timeZone: string;
  /** Lower limits than a ZIP's, for tests of the refusals. */
  limits?: { entries: number; bytes: number };
}

/** Writes a ZIP to `write` (which resolves once the bytes are taken: backpressure). */
export class ZipWriter {
  private offset = 0;
  private readonly written: Written[] = [];
  private readonly limits: { entries: number; bytes: number };

  constructor(
    private readonly write: (chunk: Buffer) => Promise<void>,
    private readonly options: ZipOptions,
  ) {
    this.limits = options.limits ?? { entries: ZIP_MAX_ENTRIES, bytes: ZIP_MAX_BYTES };
  }

  /** One file, its body read to its end (and destroyed whatever happens). */
  async file(file: ZipFile): Promise<void> {
    try {
      if (this.written.length >= this.limits.entries) {
        throw new ZipError(`more than ${this.limits.entries} files`);
      }
      const name = Buffer.from(file.name, 'utf8');
      const { date, time } = dosDateTime(file.modifiedAt, this.options.timeZone);
      const offset = this.offset;
      await this.put(localHeader({ name, date, time }));
      let crc = 0;
      let size = 0;
      const chunks: AsyncIterable<unknown> = file.body;
      for await (const chunk of chunks) {
        if (!Buffer.isBuffer(chunk)) throw new ZipError(`${file.name}: a chunk is not bytes`);
        crc = crc32(chunk, crc);
        size += chunk.length;
        await this.put(chunk);
      }
      await this.put(dataDescriptor(crc, size));
      this.written.push({ name, date, time, crc, size, offset });
    } finally {
      file.body.destroy();
    }
  }

  /** The central directory and the end record: the archive is complete. */
  async end(): Promise<void> {
    const start = this.offset;
    let piece: Buffer[] = [];
    let pieceBytes = 0;
    for (const entry of this.written) {
      const header = centralHeader(entry);
      piece.push(header);
      pieceBytes += header.length;
      if (pieceBytes >= DIRECTORY_PIECE_BYTES) {
        await this.put(Buffer.concat(piece));
        piece = [];
        pieceBytes = 0;
      }
    }
    if (piece.length > 0) await this.put(Buffer.concat(piece));
    await this.put(endRecord(this.written.length, this.offset - start, start));
  }

  /** Writes `chunk`, unless the archive would grow past a ZIP's 32-bit offsets. */
  private async put(chunk: Buffer): Promise<void> {
    if (this.offset + chunk.length > this.limits.bytes) {
      throw new ZipError(`more than ${this.limits.bytes} bytes`);
    }
    this.offset += chunk.length;
    await this.write(chunk);
  }
}

/**
 * The ZIP of `files` as a stream that pulls: nothing is written before it is read, and the next
 * file is asked of `files` (so opened) only once its reader has taken all but `highWaterMark`
 * bytes of what came before; at most one file is open. Destroying the stream destroys the open
 * file and ends `files`; a failure (a file that cannot be read) destroys the stream with it.
 */
export function zipStream(
  files: AsyncIterable<ZipFile>,
  options: ZipOptions & { highWaterMark?: number },
): Readable {
  let started = false;
  let waiting: { resolve: () => void; reject: (err: Error) => void } | null = null;
  const release = () => {
    const next = waiting;
    waiting = null;
    return next;
  };
  const out = new Readable({
    highWaterMark: options.highWaterMark ?? 64 * 1024,
    read() {
      if (started) release()?.resolve();
      else {
        started = true;
        void run();
      }
    },
    destroy(err, callback) {
      release()?.reject(new ZipError('the archive was closed'));
      callback(err);
    },
  });
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed) reject(new ZipError('the archive was closed'));
      else if (out.push(chunk)) resolve();
      else waiting = { resolve, reject };
    });
  async function run() {
    const writer = new ZipWriter(write, options);
    try {
      for await (const file of files) await writer.file(file);
      await writer.end();
      out.push(null);
    } catch (err) {
      out.destroy(err instanceof Error ? err : new ZipError(String(err)));
    }
  }
  return out;
}
