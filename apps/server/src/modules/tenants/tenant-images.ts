import { randomBytes } from 'node:crypto';
import { checkImage, type CheckedImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';

/** The images a tenant form carries, with the formats doc 1 §5 allows for each. */
const TENANT_IMAGES = {
  logo: { allowed: ['png', 'jpeg', 'webp'], maxDimensionPx: 512, field: 'logo' },
  favicon: { allowed: ['png', 'jpeg', 'webp', 'ico'], maxDimensionPx: 256, field: 'favicon' },
} as const;

export type TenantImageField = keyof typeof TENANT_IMAGES;
export const TENANT_IMAGE_FIELDS = Object.keys(TENANT_IMAGES) as TenantImageField[];

/** Checks every uploaded tenant image by content before anything is written. */
export async function checkTenantImages(
  files: ReadonlyMap<string, Buffer>,
): Promise<Map<TenantImageField, CheckedImage>> {
  const checked = new Map<TenantImageField, CheckedImage>();
  for (const field of TENANT_IMAGE_FIELDS) {
    const file = files.get(field);
    if (file) checked.set(field, await checkImage(file, TENANT_IMAGES[field]));
  }
  return checked;
}

/**
 * Stores checked images under `brand-assets/{tenantId}/{field}-{random}.{ext}` (a new name per
 * upload, so caches never serve an old logo) and returns their URLs; `written` collects the keys
 * so a failed operation can remove them.
 */
export async function storeTenantImages(
  storage: StorageDriver,
  opts: { tenantId: string; images: Map<TenantImageField, CheckedImage>; written: string[] },
): Promise<Partial<Record<'logo_url' | 'favicon_url', string>>> {
  const urls: Partial<Record<'logo_url' | 'favicon_url', string>> = {};
  for (const [field, image] of opts.images) {
    const key = `${opts.tenantId}/${field}-${randomBytes(6).toString('hex')}.${image.ext}`;
    await storage.put({
      bucket: 'brand-assets',
      key,
      body: image.body,
      contentType: image.contentType,
    });
    opts.written.push(key);
    urls[`${field}_url`] = storage.publicUrl('brand-assets', key);
  }
  return urls;
}

/** The storage key of a brand-asset URL this platform issued, or null for a foreign URL. */
export function brandAssetKey(url: string | null): string | null {
  if (!url) return null;
  const marker = '/brand-assets/';
  const at = url.indexOf(marker);
  return at === -1 ? null : url.slice(at + marker.length);
}

/** Removes stored brand assets, ignoring failures (an orphan file is harmless, a lost write is not). */
export async function removeBrandAssets(storage: StorageDriver, keys: readonly (string | null)[]) {
  await Promise.all(
    keys.flatMap((key) =>
      key ? [storage.delete('brand-assets', key).catch(() => undefined)] : [],
    ),
  );
}
