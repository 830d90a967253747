import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import { GetObjectCommand, ListObjectsV2Command, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Stub, startS3Stub } from '../../../test/helpers/s3rver';
import { S3Storage } from './s3.storage';
import type { S3StorageOptions } from './s3.storage';
import type { Bucket } from './storage';
import { describeStorageContract } from './storage.contract';

const PHYSICAL_BUCKET = 'tappa-test';

let stub: S3Stub;
let options: S3StorageOptions;
let rawClient: S3Client;

beforeAll(async () => {
  stub = await startS3Stub(PHYSICAL_BUCKET);
  options = {
    endpoint: stub.env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: PHYSICAL_BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  rawClient = stub.client;
});

afterAll(() => stub.close());

/** Reads `${bucket}/${key}` straight from s3rver, bypassing the driver. */
async function readRaw(bucket: Bucket, key: string): Promise<Buffer | null> {
  try {
    const result = await rawClient.send(
      new GetObjectCommand({ Bucket: PHYSICAL_BUCKET, Key: `${bucket}/${key}` }),
    );
    const bytes = await result.Body?.transformToByteArray();
    return bytes ? Buffer.from(bytes) : null;
  } catch (error) {
    if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
    throw error;
  }
}

describeStorageContract('S3Storage', async () => {
  const driver = new S3Storage(options);
  await driver.ensureBucket();
  return {
    driver,
    readRaw,
    expectedUrl: (bucket, key) => `/files/${bucket}/${key}`,
    dispose: () => driver.close(),
  };
});

describe('S3Storage specifics', () => {
  it('ensureBucket creates the bucket once and is idempotent', async () => {
    const driver = new S3Storage({ ...options, bucket: 'fresh-bucket' });
    await driver.ensureBucket();
    await driver.ensureBucket();
    await driver.put({
      bucket: 'media-library',
      key: 'k.txt',
      body: Buffer.from('hi'),
      contentType: 'text/plain',
    });
    const listed = await rawClient.send(new ListObjectsV2Command({ Bucket: 'fresh-bucket' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['media-library/k.txt']);
    await driver.close();
  });

  it('stores the object under `${bucket}/${key}` with its content type', async () => {
    const driver = new S3Storage(options);
    await driver.put({
      bucket: 'team-avatars',
      key: 't9/u1.webp',
      body: Buffer.from('w'),
      contentType: 'image/webp',
    });
    const result = await rawClient.send(
      new GetObjectCommand({ Bucket: PHYSICAL_BUCKET, Key: 'team-avatars/t9/u1.webp' }),
    );
    expect(result.ContentType).toBe('image/webp');
    expect(result.Body && Buffer.from(await result.Body.transformToByteArray())).toEqual(
      Buffer.from('w'),
    );
    await driver.close();
  });

  it('streams the body of a larger object', async () => {
    const driver = new S3Storage(options);
    const body = Buffer.alloc(256 * 1024, 7);
    await driver.put({ bucket: 'game-photos', key: 'g/big.jpg', body, contentType: 'image/jpeg' });
    const stored = await driver.get('game-photos', 'g/big.jpg');
    expect(stored?.sizeBytes).toBe(body.length);
    expect(stored && (await buffer(stored.body))).toEqual(body);
    await driver.close();
  });

  it('uses the configured public URL, ignoring a trailing slash', async () => {
    const driver = new S3Storage({ ...options, publicUrl: 'https://cdn.example.test/assets/' });
    expect(driver.publicUrl('brand-assets', 't1/logo.png')).toBe(
      'https://cdn.example.test/assets/brand-assets/t1/logo.png',
    );
    await driver.close();
  });
});
