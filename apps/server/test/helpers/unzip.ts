import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { createTempDir } from './temp-dir';

/** A file of a ZIP as an independent reader (yauzl) reads it back. */
export interface UnzippedFile {
  name: string;
  bytes: Buffer;
  /** The CRC-32 of the central directory. */
  crc32: number;
  compressionMethod: number;
  generalPurposeBitFlag: number;
  /** The MS-DOS time, read as a wall clock (yauzl reads it in the process's zone). */
  modifiedAt: Date;
}

const openZip = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/**
 * The files of the ZIP `zip`, in order, read by yauzl: names decoded as the flags say (and
 * refused if they are absolute or climb out, `strictFileNames`), sizes checked against the
 * central directory.
 */
export async function readZip(zip: Buffer): Promise<UnzippedFile[]> {
  const archive = await openZip(zip, {
    lazyEntries: true,
    strictFileNames: true,
    validateEntrySizes: true,
  });
  const openEntry = promisify<yauzl.Entry, Readable>(archive.openReadStream.bind(archive));
  const files: UnzippedFile[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of await openEntry(entry)) chunks.push(chunk as Buffer);
        files.push({
          name: entry.fileName,
          bytes: Buffer.concat(chunks),
          crc32: entry.crc32,
          compressionMethod: entry.compressionMethod,
          generalPurposeBitFlag: entry.generalPurposeBitFlag,
          modifiedAt: entry.getLastModDate(),
        });
        archive.readEntry();
      })().catch(reject);
    });
    archive.readEntry();
  });
  return files;
}

/** Whether Info-ZIP's `unzip` is on this machine (Debian has it; not every machine does). */
export const HAS_UNZIP = existsSync('/usr/bin/unzip');

/** `unzip -t` of the ZIP `zip`: its output; it fails on a bad CRC or a damaged archive. */
export async function unzipTest(zip: Buffer): Promise<string> {
  const dir = await createTempDir('unzip');
  try {
    const file = path.join(dir.path, 'album.zip');
    await writeFile(file, zip);
    const { stdout } = await promisify(execFile)('/usr/bin/unzip', ['-t', file]);
    return stdout;
  } finally {
    await dir.remove();
  }
}
