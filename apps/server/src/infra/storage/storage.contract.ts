import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageKeyError } from './storage';
import type { Bucket, StorageDriver } from './storage';

/** What a driver's test file hands to the shared contract suite. */
export interface StorageContractSubject {
  driver: StorageDriver;
  /** Reads the stored bytes behind the driver's back (disk or S3 API), or null when absent. */
  readRaw(bucket: Bucket, key: string): Promise<Buffer | null>;
  /** The URL the driver is expected to return from `publicUrl`. */
  expectedUrl(bucket: Bucket, key: string): string;
  /** Closes the driver and anything the subject started. */
  dispose(): Promise<void>;
}

const UNSAFE_KEYS = [
  '../x',
  '/abs',
  'a//b',
  'a/../b',
  'a\\b',
  'a/./b',
  'a/',
  '',
  'a b',
  'x'.repeat(513),
];

/** Registers the behaviour every {@link StorageDriver} must share, run once per driver. */
export function describeStorageContract(
  name: string,
  makeDriver: () => Promise<StorageContractSubject>,
): void {
  describe(`${name} storage contract`, () => {
    let subject: StorageContractSubject;
    let driver: StorageDriver;

    beforeAll(async () => {
      subject = await makeDriver();
      driver = subject.driver;
    });

    afterAll(async () => {
      await subject.dispose();
    });

    it('round-trips bytes, content type and size', async () => {
      const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0a, 0x0d]);
      await driver.put({
        bucket: 'route-images',
        key: 't1/r1.png',
        body,
        contentType: 'image/png',
      });

      const stored = await driver.get('route-images', 't1/r1.png');
      expect(stored).not.toBeNull();
      expect(stored?.contentType).toBe('image/png');
      expect(stored?.sizeBytes).toBe(body.length);
      expect(stored && (await buffer(stored.body))).toEqual(body);
      expect(await subject.readRaw('route-images', 't1/r1.png')).toEqual(body);
    });

    it('returns null for a key that was never stored', async () => {
      expect(await driver.get('route-images', 't1/never.png')).toBeNull();
      expect(await driver.get('media-library', 'nothing-here')).toBeNull();
    });

    it('keeps buckets apart for the same key', async () => {
      const key = 't2/same.txt';
      await driver.put({
        bucket: 'brand-assets',
        key,
        body: Buffer.from('a'),
        contentType: 'text/plain',
      });
      expect(await driver.get('team-avatars', key)).toBeNull();
      expect(await subject.readRaw('brand-assets', key)).toEqual(Buffer.from('a'));
    });

    it('overwrites an existing object, including its content type', async () => {
      const key = 't1/logo';
      await driver.put({
        bucket: 'brand-assets',
        key,
        body: Buffer.from('first version'),
        contentType: 'image/png',
      });
      await driver.put({
        bucket: 'brand-assets',
        key,
        body: Buffer.from('v2'),
        contentType: 'image/svg+xml',
      });

      const stored = await driver.get('brand-assets', key);
      expect(stored?.contentType).toBe('image/svg+xml');
      expect(stored?.sizeBytes).toBe(2);
      expect(stored && (await buffer(stored.body)).toString()).toBe('v2');
      expect(await subject.readRaw('brand-assets', key)).toEqual(Buffer.from('v2'));
    });

    it('deletes an object so that get returns null', async () => {
      const key = 'game-1/photo-1.jpg';
      await driver.put({
        bucket: 'game-photos',
        key,
        body: Buffer.from('jpg'),
        contentType: 'image/jpeg',
      });
      expect(await subject.readRaw('game-photos', key)).not.toBeNull();

      await driver.delete('game-photos', key);
      expect(await driver.get('game-photos', key)).toBeNull();
      expect(await subject.readRaw('game-photos', key)).toBeNull();
    });

    it('lists every object of a bucket with its size, and nothing of another', async () => {
      await driver.put({
        bucket: 'media-library',
        key: 'tenant-l/a.png',
        body: Buffer.from('aa'),
        contentType: 'image/png',
      });
      await driver.put({
        bucket: 'media-library',
        key: 'tenant-l/deep/b.mp3',
        body: Buffer.from('bbb'),
        contentType: 'audio/mpeg',
      });
      await driver.put({
        bucket: 'team-avatars',
        key: 'tenant-l/c.png',
        body: Buffer.from('c'),
        contentType: 'image/png',
      });
      const listed: { key: string; sizeBytes: number }[] = [];
      for await (const object of driver.list('media-library')) listed.push(object);
      expect(
        listed
          .filter((o) => o.key.startsWith('tenant-l/'))
          .sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        { key: 'tenant-l/a.png', sizeBytes: 2 },
        { key: 'tenant-l/deep/b.mp3', sizeBytes: 3 },
      ]);
    });

    it('stores a local file, streamed, and leaves the file where it was', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-put-file-'));
      const source = path.join(dir, 'upload');
      const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
      await writeFile(source, body);
      await driver.putFile({
        bucket: 'media-library',
        key: 'm/video.webm',
        path: source,
        contentType: 'video/webm',
      });
      const stored = await driver.get('media-library', 'm/video.webm');
      expect(stored?.contentType).toBe('video/webm');
      expect(stored && (await buffer(stored.body))).toEqual(body);
      expect(await readFile(source)).toEqual(body);
      await rm(dir, { recursive: true });
    });

    it('reads a range of bytes and the size and type without the bytes', async () => {
      const body = Buffer.from('0123456789abcdef');
      await driver.put({
        bucket: 'media-library',
        key: 'm/clip.mp3',
        body,
        contentType: 'audio/mpeg',
      });
      expect(await driver.stat('media-library', 'm/clip.mp3')).toEqual({
        contentType: 'audio/mpeg',
        sizeBytes: 16,
      });
      const part = await driver.get('media-library', 'm/clip.mp3', { start: 4, end: 9 });
      expect(part?.sizeBytes).toBe(16);
      expect(part && (await buffer(part.body)).toString()).toBe('456789');
      const tail = await driver.get('media-library', 'm/clip.mp3', { start: 15, end: 15 });
      expect(tail && (await buffer(tail.body)).toString()).toBe('f');
      expect(await driver.stat('media-library', 'm/none.mp3')).toBeNull();
    });

    it('treats deleting a missing key as success', async () => {
      await expect(driver.delete('team-avatars', 'no/such/key.webp')).resolves.toBeUndefined();
    });

    it.each(UNSAFE_KEYS)(
      'rejects the unsafe key %j for put, get, delete and publicUrl',
      async (key) => {
        const body = Buffer.from('x');
        await expect(
          driver.put({ bucket: 'media-library', key, body, contentType: 'text/plain' }),
        ).rejects.toBeInstanceOf(StorageKeyError);
        await expect(driver.get('media-library', key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(driver.stat('media-library', key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(driver.delete('media-library', key)).rejects.toBeInstanceOf(StorageKeyError);
        expect(() => driver.publicUrl('media-library', key)).toThrow(StorageKeyError);
      },
    );

    it('builds public URLs from bucket and key', () => {
      expect(driver.publicUrl('route-images', 't1/r1.png')).toBe(
        subject.expectedUrl('route-images', 't1/r1.png'),
      );
      expect(driver.publicUrl('route-images', 't1/r1.png')).toMatch(/\/route-images\/t1\/r1\.png$/);
    });
  });
}
