import {
  type CipherGCM,
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { readTar, TarError, TarWriter } from './tar';

// The backup archive (decision 0077): a gzipped tar holding the database's tables as JSON lines
// (`database/<table>.jsonl`), every stored file (`files/<bucket>/<key>`) and, last, the manifest
// (`manifest.json`) with each entry's size and SHA-256. With a key it is encrypted whole
// (AES-256-GCM, the key derived by HKDF-SHA256 from the secret with a random salt): the file is
// MAGIC, the salt, the IV, the ciphertext and the 16-byte tag.

export const MANIFEST = 'manifest.json';
export const ARCHIVE_FORMAT = 'tappa-backup';
export const ARCHIVE_VERSION = 1;
const MAGIC = Buffer.from('TAPPA-BACKUP-AES256GCM-1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** An archive this server cannot take: damaged, tampered with, of another format or key. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const EntrySchema = z.object({
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
});

/** What an archive holds and how to check it (the last entry of the archive). */
export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  created_at: z.string(),
  app_version: z.string(),
  /** The migrations applied to the database it was taken from. */
  schema_version: z.number().int().min(0),
  database: z.object({ driver: z.enum(['pglite', 'postgres']) }),
  /** Rows per table, in the order they are loaded. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  files: z.array(
    z.object({
      bucket: z.string(),
      key: z.string(),
      content_type: z.string(),
      size: z.number().int().min(0),
    }),
  ),
  counts: z.record(z.string(), z.number().int()),
  entries: z.array(EntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestEntry = z.infer<typeof EntrySchema>;

/** The key of an archive from the secret (`BACKUP_ENCRYPTION_KEY`) and the archive's salt. */
function keyOf(secret: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, 'tappa-backup', 32));
}

/** An archive being written: its entries, then `finish` (or `abort`). */
export interface ArchiveWriter {
  /** Adds an entry of `size` bytes and notes its checksum. */
  add(name: string, size: number, body: AsyncIterable<Buffer> | Buffer): Promise<ManifestEntry>;
  /** Writes the manifest (with every entry noted) and closes the file. */
  finish(manifest: Omit<Manifest, 'entries'>): Promise<void>;
  /** Gives up: the stream is closed, the caller removes the file. */
  abort(err: Error): void;
}

/** Opens `path` for a new archive, encrypted with `secret` when one is given. */
export function writeArchive(path: string, secret: string | null, now: Date): ArchiveWriter {
  const tar = new PassThrough();
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(path, { flags: 'wx' });
  let cipher: CipherGCM | null = null;
  if (secret) {
    const salt = randomBytes(SALT_BYTES);
    const iv = randomBytes(IV_BYTES);
    cipher = createCipheriv('aes-256-gcm', keyOf(secret, salt), iv);
    out.write(Buffer.concat([MAGIC, salt, iv]));
  }
  const done = cipher ? pipeline(tar, gzip, cipher, out) : pipeline(tar, gzip, out);
  // Watched from the start: a failure before `finish` must not be an unhandled rejection.
  done.catch(() => undefined);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (tar.destroyed) reject(new Error('the archive was closed'));
      else if (tar.write(chunk)) resolve();
      else tar.once('drain', resolve);
    });
  const writer = new TarWriter(write, now);
  const entries: ManifestEntry[] = [];
  return {
    async add(name, size, body) {
      const hash = createHash('sha256');
      const hashed = async function* () {
        for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
          hash.update(chunk);
          yield chunk;
        }
      };
      await writer.file(name, size, hashed());
      const entry = { name, size, sha256: hash.digest('hex') };
      entries.push(entry);
      return entry;
    },
    async finish(manifest) {
      const text = Buffer.from(`${JSON.stringify({ ...manifest, entries }, null, 2)}\n`);
      await writer.file(MANIFEST, text.length, text);
      await writer.end();
      tar.end();
      await done;
      if (cipher) {
        const tag = cipher.getAuthTag();
        const handle = await open(path, 'a');
        try {
          await handle.write(tag);
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
    },
    abort(err) {
      tar.destroy(err);
    },
  };
}

/** The plain bytes of the archive at `path` (decrypted with `secret` if it is encrypted). */
async function plainStream(path: string, secret: string | null): Promise<Readable> {
  const size = (await stat(path)).size;
  const head = Buffer.alloc(MAGIC.length);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, MAGIC.length, 0);
    if (!head.equals(MAGIC)) return createReadStream(path);
    if (!secret) {
      throw new ArchiveError(
        'The archive is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.',
      );
    }
    const prefix = MAGIC.length + SALT_BYTES + IV_BYTES;
    if (size < prefix + TAG_BYTES) throw new ArchiveError('The archive is truncated.');
    const parts = Buffer.alloc(SALT_BYTES + IV_BYTES + TAG_BYTES);
    await handle.read(parts, 0, SALT_BYTES + IV_BYTES, MAGIC.length);
    await handle.read(parts, SALT_BYTES + IV_BYTES, TAG_BYTES, size - TAG_BYTES);
    const salt = parts.subarray(0, SALT_BYTES);
    const iv = parts.subarray(SALT_BYTES, SALT_BYTES + IV_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, salt), iv);
    decipher.setAuthTag(parts.subarray(SALT_BYTES + IV_BYTES));
    const body = createReadStream(path, { start: prefix, end: size - TAG_BYTES - 1 });
    return body.pipe(decipher);
  } finally {
    await handle.close();
  }
}

/** An entry of an archive being read: its name and bytes. */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * The entries of the archive at `path` in order (the manifest last), its bytes decrypted and
 * unzipped as they are read. A damaged, truncated or tampered archive (or the wrong key) throws
 * an `ArchiveError`, at the latest when the last entry has been read.
 */
export async function* readArchive(
  path: string,
  secret: string | null,
): AsyncGenerator<ArchiveEntry> {
  const plain = await plainStream(path, secret);
  const gunzip = createGunzip();
  const unzipped = plain.pipe(gunzip);
  plain.on('error', (err) => gunzip.destroy(err));
  try {
    for await (const entry of readTar(unzipped as AsyncIterable<Buffer>)) {
      yield { ...entry, body: guarded(entry.body) };
    }
    // The rest of the stream: gzip's and the cipher's own checks run at its end.
    for await (const chunk of unzipped as AsyncIterable<Buffer>) void chunk;
  } catch (err) {
    throw archiveError(err);
  } finally {
    plain.destroy();
    gunzip.destroy();
  }
}

/** `body`, its read errors (gzip's, the cipher's, the tar's) told as the archive's. */
async function* guarded(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (err) {
    throw archiveError(err);
  }
}

function archiveError(err: unknown): ArchiveError {
  if (err instanceof ArchiveError) return err;
  if (err instanceof TarError) return new ArchiveError(`The archive is damaged: ${err.message}.`);
  const message = err instanceof Error ? err.message : String(err);
  if (/unable to authenticate|auth/i.test(message)) {
    return new ArchiveError(
      'The archive does not open with this key, or it was changed after it was made.',
    );
  }
  if (/incorrect header check/i.test(message)) {
    return new ArchiveError('The file is not a Tappa backup (not a gzipped archive).');
  }
  if (/unexpected end|invalid|zlib|Z_/i.test(message)) {
    return new ArchiveError(`The archive is damaged or truncated (${message}).`);
  }
  return new ArchiveError(`The archive cannot be read: ${message}`);
}

/**
 * Reads the whole archive and checks it against its manifest: every entry listed with its size
 * and checksum, nothing else, the manifest last, this format. Answers the manifest; throws an
 * `ArchiveError` otherwise. Nothing is written anywhere.
 */
export async function verifyArchive(path: string, secret: string | null): Promise<Manifest> {
  const seen: ManifestEntry[] = [];
  let manifestText: string | null = null;
  for await (const entry of readArchive(path, secret)) {
    if (manifestText !== null)
      throw new ArchiveError('The archive has entries after its manifest.');
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) {
      hash.update(chunk);
      if (entry.name === MANIFEST) chunks.push(chunk);
    }
    if (entry.name === MANIFEST) manifestText = Buffer.concat(chunks).toString('utf8');
    else seen.push({ name: entry.name, size: entry.size, sha256: hash.digest('hex') });
  }
  if (manifestText === null)
    throw new ArchiveError(
      'The archive has no manifest: it is not a Tappa backup, or it is truncated.',
    );
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveError("The archive's manifest is not one this version of Tappa reads.");
  }
  if (manifest.version > ARCHIVE_VERSION) {
    throw new ArchiveError(
      `The archive is of format version ${manifest.version}; this version of Tappa reads ${ARCHIVE_VERSION}.`,
    );
  }
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  if (listed.size !== seen.length) {
    throw new ArchiveError(
      `The archive holds ${seen.length} entries where its manifest lists ${listed.size}.`,
    );
  }
  for (const entry of seen) {
    const expected = listed.get(entry.name);
    if (!expected)
      throw new ArchiveError(`The archive holds ${entry.name}, which its manifest does not list.`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256) {
      throw new ArchiveError(`${entry.name} in the archive does not match its checksum.`);
    }
  }
  return manifest;
}
