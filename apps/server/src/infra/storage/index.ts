import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';

export { BUCKETS, StorageKeyError, assertSafeKey } from './storage';
export type { Bucket, ByteRange, ObjectInfo, StorageDriver, StoredObject } from './storage';
export { LocalDiskStorage } from './local-disk.storage';
export type { LocalDiskStorageOptions } from './local-disk.storage';
export { S3Storage } from './s3.storage';
export type { S3StorageOptions } from './s3.storage';

/** Storage settings: S3 when `s3` is set, otherwise local files under `${dataDir}/files`. */
export type StorageConfig = Pick<AppConfig, 'dataDir' | 's3'>;

/** Builds the configured driver; callers run `ensureBucket()` when `kind === 's3'` before serving. */
export function createStorage(
  config: StorageConfig,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): LocalDiskStorage | S3Storage {
  if (config.s3) {
    const { endpoint, region, bucket, publicUrl } = config.s3;
    logger.info(
      { driver: 's3', endpoint: endpoint ?? 'aws', region, bucket, publicUrl: publicUrl ?? null },
      'storage: using S3',
    );
    return new S3Storage({ ...config.s3, forcePathStyle: true });
  }
  const rootDir = path.join(config.dataDir, 'files');
  logger.info({ driver: 'local', rootDir }, 'storage: using local disk');
  return new LocalDiskStorage({ rootDir, publicBaseUrl: '' });
}
