import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../../test/helpers/recording-logger';
import { createTempDir } from '../../../test/helpers/temp-dir';
import { LocalDiskStorage, S3Storage, createStorage } from './index';

describe('createStorage', () => {
  let tmp: Awaited<ReturnType<typeof createTempDir>>;

  beforeAll(async () => {
    tmp = await createTempDir('create-storage');
  });

  afterAll(async () => {
    await tmp.remove();
  });

  it('uses local disk under `${dataDir}/files` when S3 is not configured', async () => {
    const logger = createRecordingLogger();
    const storage = createStorage({ dataDir: tmp.path, s3: null }, logger);
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect(storage.kind).toBe('local');

    await storage.put({
      bucket: 'route-images',
      key: 't/r.png',
      body: Buffer.from('p'),
      contentType: 'image/png',
    });
    expect(await readFile(path.join(tmp.path, 'files', 'route-images', 't', 'r.png'), 'utf8')).toBe(
      'p',
    );
    expect(storage.publicUrl('route-images', 't/r.png')).toBe('/files/route-images/t/r.png');
    expect(logger.entries).toHaveLength(1);
    expect(logger.entries[0]?.args[0]).toMatchObject({ driver: 'local' });
    await storage.close();
  });

  it('uses S3 when configured and never logs the secret', async () => {
    const logger = createRecordingLogger();
    const storage = createStorage(
      {
        dataDir: tmp.path,
        s3: {
          endpoint: 'http://127.0.0.1:1',
          region: 'us-east-1',
          bucket: 'b',
          accessKeyId: 'AK',
          secretAccessKey: 'super-secret',
          publicUrl: 'https://cdn.example.test',
        },
      },
      logger,
    );
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('team-avatars', 'u.webp')).toBe(
      'https://cdn.example.test/team-avatars/u.webp',
    );
    expect(JSON.stringify(logger.entries)).not.toContain('super-secret');
    expect(logger.entries[0]?.args[0]).toMatchObject({ driver: 's3', bucket: 'b' });
    await storage.close();
  });
});
