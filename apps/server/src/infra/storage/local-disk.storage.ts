import { randomUUID } from 'node:crypto';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { StorageKeyError, assertSafeKey } from './storage';
import type { Bucket, ByteRange, ObjectInfo, StorageDriver, StoredObject } from './storage';

const META_SUFFIX = '.meta.json';
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** Options for {@link LocalDiskStorage}. */
export interface LocalDiskStorageOptions {
  /** Directory holding one sub-folder per bucket. */
  rootDir: string;
  /** Origin prefixed to `/files/...` URLs; '' yields same-origin relative URLs. */
  publicBaseUrl: string;
}

interface MetaFile {
  contentType: string;
}

/** Stores objects as files under `{rootDir}/{bucket}/{key}` with a `.meta.json` sidecar for the content type. */
export class LocalDiskStorage implements StorageDriver {
  readonly kind = 'local';
  private readonly rootDir: string;
  private readonly publicBaseUrl: string;

  constructor(options: LocalDiskStorageOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  }

  async put(opts: {
    bucket: Bucket;
    key: string;
    body: Buffer;
    contentType: string;
  }): Promise<void> {
    const file = this.filePath(opts.bucket, opts.key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file, opts.body);
    const meta = { contentType: opts.contentType } satisfies MetaFile;
    await writeAtomically(`${file}${META_SUFFIX}`, JSON.stringify(meta));
  }

  async putFile(opts: {
    bucket: Bucket;
    key: string;
    path: string;
    contentType: string;
  }): Promise<void> {
    const file = this.filePath(opts.bucket, opts.key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file, (temp) => copyFile(opts.path, temp));
    const meta = { contentType: opts.contentType } satisfies MetaFile;
    await writeAtomically(`${file}${META_SUFFIX}`, JSON.stringify(meta));
  }

  async get(bucket: Bucket, key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.filePath(bucket, key);
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (handle === null) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await readContentType(`${file}${META_SUFFIX}`);
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, contentType, sizeBytes: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    const file = this.filePath(bucket, key);
    const stats = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!stats?.isFile()) return null;
    return { contentType: await readContentType(`${file}${META_SUFFIX}`), sizeBytes: stats.size };
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    const file = this.filePath(bucket, key);
    await rm(`${file}${META_SUFFIX}`, { force: true });
    await rm(file, { force: true });
  }

  async *list(bucket: Bucket): AsyncIterable<{ key: string; sizeBytes: number }> {
    const root = path.join(this.rootDir, bucket);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      // The sidecars and the temporary files of writes under way are no objects.
      if (!entry.isFile() || entry.name.endsWith(META_SUFFIX) || entry.name.startsWith('.')) {
        continue;
      }
      const file = path.join(entry.parentPath, entry.name);
      const stats = await stat(file).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (stats)
        yield { key: path.relative(root, file).split(path.sep).join('/'), sizeBytes: stats.size };
    }
  }

  publicUrl(bucket: Bucket, key: string): string {
    assertLocalKey(key);
    return `${this.publicBaseUrl}/files/${bucket}/${key}`;
  }

  close(): Promise<void> {
    // Nothing to release: every operation opens and closes its own file handles.
    return Promise.resolve();
  }

  private filePath(bucket: Bucket, key: string): string {
    assertLocalKey(key);
    return path.join(this.rootDir, bucket, ...key.split('/'));
  }
}

/** Validates the key and additionally reserves the sidecar suffix so no key can alias a meta file. */
function assertLocalKey(key: string): void {
  assertSafeKey(key);
  if (key.endsWith(META_SUFFIX)) throw new StorageKeyError(key);
}

/** Writes `file` through a temporary file beside it: readers see the old or the new one whole. */
async function writeAtomically(
  file: string,
  data: Buffer | string | ((temp: string) => Promise<void>),
): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await (typeof data === 'function' ? data(temp) : writeFile(temp, data));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function readContentType(metaFile: string): Promise<string> {
  try {
    const parsed: unknown = JSON.parse(await readFile(metaFile, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'contentType' in parsed) {
      const { contentType } = parsed;
      if (typeof contentType === 'string' && contentType !== '') return contentType;
    }
    return FALLBACK_CONTENT_TYPE;
  } catch (error) {
    if (isMissing(error) || error instanceof SyntaxError) return FALLBACK_CONTENT_TYPE;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'ENOENT' || error.code === 'ENOTDIR';
}
