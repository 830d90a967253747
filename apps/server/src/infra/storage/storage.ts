import type { Readable } from 'node:stream';

/** The fixed set of logical buckets every storage driver must support. */
export const BUCKETS = [
  'brand-assets',
  'route-images',
  'team-avatars',
  'game-photos',
  'media-library',
] as const;

/** One of the logical buckets in {@link BUCKETS}. */
export type Bucket = (typeof BUCKETS)[number];

/** What storage knows of an object: the content type given on put and the whole size. */
export interface ObjectInfo {
  contentType: string;
  sizeBytes: number;
}

/** Bytes `start` to `end` of an object, both included (an HTTP `Range`, resolved). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * An object read back from storage: its bytes as a stream (only the range asked for, if one
 * was) plus the metadata given on put; `sizeBytes` is always the whole object's size.
 */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** The contract shared by the local-disk and S3 storage drivers. */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Stores `body` under `bucket/key`, replacing any existing object. */
  put(opts: { bucket: Bucket; key: string; body: Buffer; contentType: string }): Promise<void>;
  /**
   * Stores the local file at `path` under `bucket/key` as `put` does, streamed rather than read
   * into memory (large media); the file itself is left where it is.
   */
  putFile(opts: { bucket: Bucket; key: string; path: string; contentType: string }): Promise<void>;
  /**
   * Returns the object, or null when it does not exist; with `range` (within the object's size,
   * see `stat`) the body holds only those bytes.
   */
  get(bucket: Bucket, key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's content type and size without its bytes, or null when it does not exist. */
  stat(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  /** Removes the object; deleting a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Every object of `bucket` (its key and size), in no set order; a backup reads them all. */
  list(bucket: Bucket): AsyncIterable<{ key: string; sizeBytes: number }>;
  /** The URL under which browsers can fetch the object. */
  publicUrl(bucket: Bucket, key: string): string;
  /** Releases any resources held by the driver. */
  close(): Promise<void>;
}

/**
 * The storage key of a public URL this platform issued for `bucket` (`…/{bucket}/{key}`, on
 * either driver), or null for an empty or foreign URL.
 */
export function storedKeyOf(bucket: Bucket, url: string | null): string | null {
  if (!url) return null;
  const marker = `/${bucket}/`;
  const at = url.indexOf(marker);
  return at === -1 ? null : url.slice(at + marker.length);
}

/**
 * Removes objects of `bucket`, all of them tried even when one fails (a missing object is no
 * failure); answers the keys that could not be removed.
 */
export async function deleteObjects(
  storage: StorageDriver,
  bucket: Bucket,
  keys: readonly string[],
): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(bucket, key)));
  return keys.filter((_, i) => results[i]?.status === 'rejected');
}

/** Thrown when a storage key is not a safe, server-generated relative path. */
export class StorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Unsafe storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}

const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws a {@link StorageKeyError} unless `key` is `/`-separated `[A-Za-z0-9._-]` segments without `.`/`..`. */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new StorageKeyError(key);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new StorageKeyError(key);
    }
  }
}
