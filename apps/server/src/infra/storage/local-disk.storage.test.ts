import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../../../test/helpers/temp-dir';
import { LocalDiskStorage } from './local-disk.storage';
import { StorageKeyError } from './storage';
import { describeStorageContract } from './storage.contract';

let tmp: Awaited<ReturnType<typeof createTempDir>>;

beforeAll(async () => {
  tmp = await createTempDir('local-storage');
});

afterAll(async () => {
  await tmp.remove();
});

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

describeStorageContract('LocalDiskStorage', () => {
  const rootDir = path.join(tmp.path, 'contract');
  const driver = new LocalDiskStorage({ rootDir, publicBaseUrl: 'https://cdn.example.test/' });
  return Promise.resolve({
    driver,
    readRaw: (bucket, key) => readIfExists(path.join(rootDir, bucket, key)),
    expectedUrl: (bucket, key) => `https://cdn.example.test/files/${bucket}/${key}`,
    dispose: () => driver.close(),
  });
});

describe('LocalDiskStorage specifics', () => {
  let rootDir: string;
  let driver: LocalDiskStorage;

  beforeAll(() => {
    rootDir = path.join(tmp.path, 'specifics');
    driver = new LocalDiskStorage({ rootDir, publicBaseUrl: '' });
  });

  afterAll(async () => {
    await driver.close();
  });

  it('writes the file and a content-type sidecar and leaves no temp files behind', async () => {
    await driver.put({
      bucket: 'route-images',
      key: 'ten/route.png',
      body: Buffer.from('png'),
      contentType: 'image/png',
    });

    const dir = path.join(rootDir, 'route-images', 'ten');
    expect((await readdir(dir)).sort()).toEqual(['route.png', 'route.png.meta.json']);
    expect(await readFile(path.join(dir, 'route.png'), 'utf8')).toBe('png');
    const meta: unknown = JSON.parse(await readFile(path.join(dir, 'route.png.meta.json'), 'utf8'));
    expect(meta).toEqual({ contentType: 'image/png' });
  });

  it('removes the sidecar together with the file', async () => {
    await driver.put({
      bucket: 'team-avatars',
      key: 'a.webp',
      body: Buffer.from('w'),
      contentType: 'image/webp',
    });
    await driver.delete('team-avatars', 'a.webp');
    expect(await readdir(path.join(rootDir, 'team-avatars'))).toEqual([]);
  });

  it('falls back to application/octet-stream for a file without a sidecar', async () => {
    await driver.put({
      bucket: 'media-library',
      key: 'm/raw.bin',
      body: Buffer.from('raw'),
      contentType: 'x/y',
    });
    await rm(path.join(rootDir, 'media-library', 'm', 'raw.bin.meta.json'));

    const stored = await driver.get('media-library', 'm/raw.bin');
    expect(stored?.contentType).toBe('application/octet-stream');
    stored?.body.destroy();
  });

  it('returns null when the key names a directory or passes through a file', async () => {
    await driver.put({
      bucket: 'game-photos',
      key: 'g/p.jpg',
      body: Buffer.from('j'),
      contentType: 'image/jpeg',
    });
    expect((await stat(path.join(rootDir, 'game-photos', 'g'))).isDirectory()).toBe(true);
    expect(await driver.get('game-photos', 'g')).toBeNull();
    expect(await driver.get('game-photos', 'g/p.jpg/deeper')).toBeNull();
  });

  it('reserves the .meta.json suffix so a key cannot alias a sidecar', async () => {
    await expect(driver.get('route-images', 'ten/route.png.meta.json')).rejects.toBeInstanceOf(
      StorageKeyError,
    );
  });

  it('returns same-origin relative URLs when publicBaseUrl is empty', () => {
    expect(driver.publicUrl('brand-assets', 't1/logo.svg')).toBe('/files/brand-assets/t1/logo.svg');
  });
});
