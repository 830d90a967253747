import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { assertSafeKey } from './storage';
import type { Bucket, ByteRange, ObjectInfo, StorageDriver, StoredObject } from './storage';

/** Options for {@link S3Storage}; every logical bucket lives as a key prefix inside one S3 bucket. */
export interface S3StorageOptions extends S3Config {
  /** Path-style addressing, which S3-compatible services generally need; defaults to true. */
  forcePathStyle?: boolean;
}

/** The AWS SDK, imported when S3 storage is created: a server on local disk never loads it. */
export type Sdk = typeof S3Sdk;

/**
 * Imports the SDK and makes a client of `options` (docs/decisions/0048: only a server that uses
 * S3 loads it). A failed import fails each operation, never as an unhandled rejection.
 */
export function loadS3Client(
  options: Omit<S3StorageOptions, 'bucket' | 'publicUrl'>,
): Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> {
  const loaded = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      forcePathStyle: options.forcePathStyle ?? true,
      // Many S3-compatible services reject the SDK's default trailing CRC checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  }));
  loaded.catch(() => undefined);
  return loaded;
}

/** Stores objects in one S3 (or S3-compatible) bucket under the key `${bucket}/${key}`. */
export class S3Storage implements StorageDriver {
  readonly kind = 's3';
  /** The SDK and its client, once imported (docs/decisions/0048). */
  private readonly sdk: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }>;
  private readonly s3Bucket: string;
  private readonly publicBaseUrl: string | null;

  constructor(options: S3StorageOptions) {
    this.sdk = loadS3Client(options);
    this.s3Bucket = options.bucket;
    this.publicBaseUrl = options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : null;
  }

  /** Creates the physical bucket when it does not exist yet. */
  async ensureBucket(): Promise<void> {
    const { sdk, client } = await this.sdk;
    await ensureS3Bucket(sdk, client, this.s3Bucket);
  }

  async put(opts: {
    bucket: Bucket;
    key: string;
    body: Buffer;
    contentType: string;
  }): Promise<void> {
    const { sdk, client } = await this.sdk;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.s3Bucket,
        Key: this.objectKey(opts.bucket, opts.key),
        Body: opts.body,
        ContentType: opts.contentType,
        ContentLength: opts.body.length,
      }),
    );
  }

  async putFile(opts: {
    bucket: Bucket;
    key: string;
    path: string;
    contentType: string;
  }): Promise<void> {
    const { sdk, client } = await this.sdk;
    const objectKey = this.objectKey(opts.bucket, opts.key);
    const { size } = await stat(opts.path);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.s3Bucket,
        Key: objectKey,
        Body: createReadStream(opts.path),
        ContentType: opts.contentType,
        ContentLength: size,
      }),
    );
  }

  async get(bucket: Bucket, key: string, range?: ByteRange): Promise<StoredObject | null> {
    const { sdk, client } = await this.sdk;
    const objectKey = this.objectKey(bucket, key);
    try {
      const result = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.s3Bucket,
          Key: objectKey,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = result.Body;
      if (!(body instanceof Readable)) {
        throw new Error(`S3 returned no readable body for ${objectKey}`);
      }
      return {
        body,
        contentType: result.ContentType ?? 'application/octet-stream',
        sizeBytes: wholeSize(result.ContentRange) ?? result.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissingObject(sdk, error)) return null;
      throw error;
    }
  }

  async stat(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await this.sdk;
    const objectKey = this.objectKey(bucket, key);
    try {
      const result = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.s3Bucket, Key: objectKey }),
      );
      return {
        contentType: result.ContentType ?? 'application/octet-stream',
        sizeBytes: result.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissingObject(sdk, error)) return null;
      throw error;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    const { sdk, client } = await this.sdk;
    const objectKey = this.objectKey(bucket, key);
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.s3Bucket, Key: objectKey }));
    } catch (error) {
      // S3 itself answers 204 for missing keys; some compatible services answer 404.
      if (!isMissingObject(sdk, error)) throw error;
    }
  }

  publicUrl(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    if (this.publicBaseUrl === null) return `/files/${bucket}/${key}`;
    return `${this.publicBaseUrl}/${bucket}/${key}`;
  }

  async *list(bucket: Bucket): AsyncIterable<{ key: string; sizeBytes: number }> {
    const { sdk, client } = await this.sdk;
    const prefix = `${bucket}/`;
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.s3Bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(prefix)) {
          yield { key: object.Key.slice(prefix.length), sizeBytes: object.Size ?? 0 };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    const loaded = await this.sdk.catch(() => null);
    loaded?.client.destroy();
  }

  private objectKey(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  }
}

/** Creates the physical bucket `bucket` when it does not exist yet. */
export async function ensureS3Bucket(
  sdk: Sdk,
  client: S3Sdk.S3Client,
  bucket: string,
): Promise<void> {
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (!isMissingBucket(sdk, error)) throw error;
  }
  try {
    await client.send(new sdk.CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = error instanceof sdk.S3ServiceException ? error.name : '';
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
  }
}

/** The whole object's size from a `Content-Range: bytes a-b/size` answer, if there is one. */
function wholeSize(contentRange: string | undefined): number | null {
  const size = contentRange?.match(/\/(\d+)$/)?.[1];
  return size === undefined ? null : Number(size);
}

export function isMissingObject(sdk: Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

function isMissingBucket(sdk: Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NoSuchBucket' || error.$metadata.httpStatusCode === 404;
}
