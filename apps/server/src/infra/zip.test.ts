import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HAS_UNZIP, readZip, unzipTest } from '../../test/helpers/unzip';
import {
  fitsZip,
  ZIP_MAX_BYTES,
  ZIP_MAX_ENTRIES,
  ZipError,
  type ZipFile,
  zipSize,
  zipStream,
  ZipWriter,
} from './zip';

const TIME_ZONE = 'Europe/Rome';
/** 12:20:31 in Rome: a ZIP keeps 12:20:30 (seconds in twos). */
const TAKEN_AT = new Date('2026-05-04T10:20:31Z');

/** A file's body in these chunks. */
const body = (...chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });

/** Everything `stream` gives, to its end. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The files of the album the tests write: several, nested, UTF-8 names, an empty one. */
function albumFiles() {
  const trevi = randomBytes(150_000);
  const files = [
    { name: 'I Leoni/01 - Fontana di Trevi.jpg', bytes: trevi },
    { name: 'I Leoni/02 - Caffè.jpg', bytes: randomBytes(1) },
    { name: 'Le Volpi/03 - Piazza San Marco ☕.jpg', bytes: randomBytes(70_000) },
    { name: 'Le Volpi/04 - vuota.jpg', bytes: Buffer.alloc(0) },
  ];
  const chunked = (bytes: Buffer) =>
    bytes.length === 0
      ? body()
      : body(bytes.subarray(0, 1000), bytes.subarray(1000, 65_536), bytes.subarray(65_536));
  async function* sources(): AsyncGenerator<ZipFile> {
    for (const file of files) yield { ...file, modifiedAt: TAKEN_AT, body: chunked(file.bytes) };
  }
  return { files, sources: () => sources() };
}

describe('the ZIP writer', () => {
  it('writes files that an independent reader reads back: names, bytes, CRCs, times', async () => {
    const { files, sources } = albumFiles();
    const zip = await collect(zipStream(sources(), { timeZone: TIME_ZONE }));

    expect(zip.length).toBe(zipSize(files.map((f) => ({ ...f, sizeBytes: f.bytes.length }))));
    const read = await readZip(zip);
    expect(read.map((f) => f.name)).toEqual(files.map((f) => f.name));
    for (const [i, file] of read.entries()) {
      const written = files[i]!;
      expect(file.bytes.equals(written.bytes), file.name).toBe(true);
      // The CRC in the archive is the one of the whole file, computed here in one piece.
      expect(file.crc32, file.name).toBe(crc32(written.bytes));
      expect(file.compressionMethod, 'STORE').toBe(0);
      // A data descriptor (bit 3) and a UTF-8 name (bit 11).
      expect(file.generalPurposeBitFlag & 0x0808).toBe(0x0808);
      // The time on Rome's wall clock, which a ZIP reader reads as a local time.
      const at = file.modifiedAt;
      expect([at.getFullYear(), at.getMonth() + 1, at.getDate()]).toEqual([2026, 5, 4]);
      expect([at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([12, 20, 30]);
    }
  });

  it.runIf(HAS_UNZIP)("passes Info-ZIP's `unzip -t`, which checks every CRC", async () => {
    const { sources } = albumFiles();
    const zip = await collect(zipStream(sources(), { timeZone: TIME_ZONE }));
    const output = await unzipTest(zip);
    expect(output).toContain('No errors detected');
    expect(output).toContain('Piazza San Marco ☕.jpg');
  });

  it('writes an empty archive that readers take', async () => {
    const none = (async function* (): AsyncGenerator<ZipFile> {
      // No file.
    })();
    const zip = await collect(zipStream(none, { timeZone: TIME_ZONE }));
    expect(zip.length).toBe(zipSize([]));
    expect(await readZip(zip)).toEqual([]);
  });

  it('knows before writing whether an archive fits the 32-bit fields', () => {
    const files = (count: number, sizeBytes = 0) =>
      Array.from({ length: count }, (_, i) => ({ name: `${i}.jpg`, sizeBytes }));
    expect(fitsZip(files(ZIP_MAX_ENTRIES))).toBe(true);
    expect(fitsZip(files(ZIP_MAX_ENTRIES + 1))).toBe(false);
    const one = zipSize(files(1));
    expect(fitsZip(files(1, ZIP_MAX_BYTES - one))).toBe(true);
    expect(fitsZip(files(1, ZIP_MAX_BYTES - one + 1))).toBe(false);
    expect(fitsZip([...files(1, 2 ** 31), ...files(1, 2 ** 31)])).toBe(false);
  });

  it('refuses a file past its limits before writing it', async () => {
    const chunks: Buffer[] = [];
    const write = (chunk: Buffer) => {
      chunks.push(chunk);
      return Promise.resolve();
    };
    const file = (bytes: number): ZipFile => ({
      name: 'a.jpg',
      modifiedAt: TAKEN_AT,
      body: body(Buffer.alloc(bytes)),
    });
    const byCount = new ZipWriter(write, {
      timeZone: TIME_ZONE,
      limits: { entries: 1, bytes: 1e6 },
    });
    await byCount.file(file(10));
    const second = file(10);
    await expect(byCount.file(second)).rejects.toThrow(ZipError);
    expect(second.body.destroyed).toBe(true);

    const bySize = new ZipWriter(write, {
      timeZone: TIME_ZONE,
      limits: { entries: 9, bytes: 100 },
    });
    const large = file(101);
    const before = Buffer.concat(chunks).length;
    await expect(bySize.file(large)).rejects.toThrow('more than 100 bytes');
    // The local header went out; not one byte past the limit did.
    expect(Buffer.concat(chunks).length - before).toBeLessThanOrEqual(100);
    expect(large.body.destroyed).toBe(true);
  });

  it('opens the next file only as its reader reads, holding a bounded amount', async () => {
    const CHUNK = 16 * 1024;
    const HIGH_WATER = 64 * 1024;
    const opened: string[] = [];
    let pulled = 0;
    const large = (): Readable =>
      Readable.from(
        (function* () {
          for (let i = 0; i < 256; i += 1) {
            pulled += CHUNK;
            yield Buffer.alloc(CHUNK, i);
          }
        })(),
        { objectMode: false, highWaterMark: CHUNK },
      );
    async function* files(): AsyncGenerator<ZipFile> {
      opened.push('a');
      yield { name: 'a.jpg', modifiedAt: TAKEN_AT, body: large() };
      opened.push('b');
      yield { name: 'b.jpg', modifiedAt: TAKEN_AT, body: body(Buffer.from('b')) };
    }
    const zip = zipStream(files(), { timeZone: TIME_ZONE, highWaterMark: HIGH_WATER });
    // Nothing is asked of the files before the archive is read.
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toEqual([]);

    // The reader takes the first chunk, then stops: the writer fills what it may hold.
    const reader = zip[Symbol.asyncIterator]();
    const first = (await reader.next()).value as Buffer;
    while (zip.readableLength < HIGH_WATER) await new Promise((resolve) => setImmediate(resolve));
    const held = pulled;
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled, 'nothing more is read while the reader waits').toBe(held);
    expect(opened, 'the second file is not opened').toEqual(['a']);
    // What is read of the file and not yet taken: the stream's buffer, the file stream's, and a
    // chunk between them.
    expect(pulled - first.length).toBeLessThanOrEqual(HIGH_WATER + 3 * CHUNK);
    expect(pulled).toBeLessThan(256 * CHUNK);

    // As the reader goes on, so does the writer, to the end of the archive.
    const rest: Buffer[] = [first];
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      rest.push(next.value as Buffer);
    }
    expect(opened).toEqual(['a', 'b']);
    const read = await readZip(Buffer.concat(rest));
    expect(read.map((f) => [f.name, f.bytes.length])).toEqual([
      ['a.jpg', 256 * CHUNK],
      ['b.jpg', 1],
    ]);
  });

  it('closes the open file and ends the list when its reader goes away', async () => {
    let listEnded = false;
    const open = Readable.from(
      (function* () {
        for (;;) yield Buffer.alloc(16 * 1024);
      })(),
      { objectMode: false },
    );
    async function* files(): AsyncGenerator<ZipFile> {
      try {
        yield { name: 'endless.jpg', modifiedAt: TAKEN_AT, body: open };
        yield { name: 'never.jpg', modifiedAt: TAKEN_AT, body: body() };
      } finally {
        listEnded = true;
      }
    }
    const zip = zipStream(files(), { timeZone: TIME_ZONE });
    const reader = zip[Symbol.asyncIterator]();
    await reader.next();
    await reader.return?.();
    await new Promise((resolve) => open.once('close', resolve));
    expect(open.destroyed).toBe(true);
    while (!listEnded) await new Promise((resolve) => setImmediate(resolve));
    expect(zip.destroyed).toBe(true);
  });

  it('ends the archive with the error of a file that cannot be read', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    async function* files(): AsyncGenerator<ZipFile> {
      yield { name: 'a.jpg', modifiedAt: TAKEN_AT, body: failing };
    }
    await expect(collect(zipStream(files(), { timeZone: TIME_ZONE }))).rejects.toThrow('disk gone');
  });
});
