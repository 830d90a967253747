// The backup archive's container (decision 0077): a POSIX tar (ustar, with a pax `path` record
// for names longer than 100 bytes), written and read as a stream, so that `tar tzf` lists a
// backup and no archive is ever held in memory. Only what the backups need: regular files.

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** An archive that is not a well-formed tar: truncated, or a header damaged. */
export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** `value` as a NUL-terminated octal field of `length` bytes. */
function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtimeS: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtimeS, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax extended header's record `key=value`, prefixed by its own length in bytes. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** Writes a tar to `write` (which resolves once the bytes are taken: backpressure). */
export class TarWriter {
  private readonly mtimeS: number;

  constructor(
    private readonly write: (chunk: Buffer) => Promise<void>,
    mtime: Date,
  ) {
    this.mtimeS = Math.floor(mtime.getTime() / 1000);
  }

  /** One file of `size` bytes whose content `body` yields (exactly `size` bytes). */
  async file(name: string, size: number, body: AsyncIterable<Buffer> | Buffer): Promise<void> {
    if (Buffer.byteLength(name) > 100) {
      const record = paxRecord('path', name);
      await this.write(header('PaxHeader', record.length, 'x', this.mtimeS));
      await this.write(Buffer.concat([record, Buffer.alloc(padding(record.length))]));
    }
    await this.write(
      header(Buffer.byteLength(name) > 100 ? 'long-name' : name, size, '0', this.mtimeS),
    );
    let written = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      written += chunk.length;
      if (written > size) break;
      await this.write(chunk);
    }
    if (written !== size) {
      throw new TarError(`${name}: ${written} bytes where ${size} were announced`);
    }
    if (padding(size) > 0) await this.write(Buffer.alloc(padding(size)));
  }

  /** The end of the archive: two empty blocks. */
  async end(): Promise<void> {
    await this.write(Buffer.concat([ZERO_BLOCK, ZERO_BLOCK]));
  }
}

/** Exact reads from a stream of chunks. */
class ByteReader {
  private held: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (this.held.length === 0) {
      const next = await this.source.next();
      if (next.done) return null;
      this.held = next.value;
    }
    const taken = this.held.subarray(0, max);
    this.held = this.held.subarray(taken.length);
    return taken;
  }

  /** Exactly `n` bytes; a stream ending before them is a truncated archive. */
  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const part = await this.some(n - have);
      if (part === null) throw new TarError('the archive is truncated');
      parts.push(part);
      have += part.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }
}

/** A file of the archive: its name, size and content (to be read before the next entry). */
export interface TarEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checkHeader(block: Buffer): void {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
  if (stored !== sum || field(block, 257, 5) !== 'ustar') {
    throw new TarError('a header of the archive is damaged');
  }
}

/** The path of a pax extended header's records, if they name one. */
function paxPath(data: Buffer): string | null {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !Number.isFinite(length) || length <= 0) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') return record.slice(eq + 1);
    at += length;
  }
  return null;
}

/**
 * The regular files of the tar `source`, in order. Each entry's body must be read (or left) before
 * the next is asked for; a truncated archive or a damaged header throws a `TarError`.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  let longName: string | null = null;
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.equals(ZERO_BLOCK)) return;
    checkHeader(block);
    const size = Number.parseInt(field(block, 124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0)
      throw new TarError('a header of the archive is damaged');
    const type = field(block, 156, 1);
    if (type === 'x') {
      longName = paxPath(await reader.exactly(size));
      await reader.exactly(padding(size));
      continue;
    }
    const prefix = field(block, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    longName = null;
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const part = await reader.some(left);
        if (part === null) throw new TarError('the archive is truncated');
        left -= part.length;
        yield part;
      }
    };
    if (type === '0' || type === '') yield { name, size, body: body() };
    // What the reader did not read of the body, then the padding.
    while (left > 0) {
      const part = await reader.some(left);
      if (part === null) throw new TarError('the archive is truncated');
      left -= part.length;
    }
    await reader.exactly(padding(size));
  }
}
