import { randomBytes } from 'node:crypto';
import type { CheckedImage } from './images';
import { type StorageDriver, storedKeyOf } from './storage/storage';

/**
 * Stores a checked brand image under `brand-assets/{owner}/{name}-{random}.{ext}` (a new name per
 * upload, so caches never serve an old logo) and returns its storage key and public URL. `owner`
 * is a tenant id or `superadmin` for the platform brand.
 */
export async function storeBrandAsset(
  storage: StorageDriver,
  opts: { owner: string; name: string; image: CheckedImage },
): Promise<{ key: string; url: string }> {
  const key = `${opts.owner}/${opts.name}-${randomBytes(6).toString('hex')}.${opts.image.ext}`;
  await storage.put({
    bucket: 'brand-assets',
    key,
    body: opts.image.body,
    contentType: opts.image.contentType,
  });
  return { key, url: storage.publicUrl('brand-assets', key) };
}

/** The storage key of a brand-asset URL this platform issued, or null for a foreign URL. */
export function brandAssetKey(url: string | null): string | null {
  return storedKeyOf('brand-assets', url);
}

/** Removes stored brand assets, ignoring failures (an orphan file is harmless, a lost write is not). */
export async function removeBrandAssets(storage: StorageDriver, keys: readonly (string | null)[]) {
  await Promise.all(
    keys.flatMap((key) =>
      key ? [storage.delete('brand-assets', key).catch(() => undefined)] : [],
    ),
  );
}
