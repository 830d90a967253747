import { storeBrandAsset } from '../../infra/brand-assets';
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
 * Stores checked images under `brand-assets/{tenantId}/{field}-{random}.{ext}` and returns their
 * URLs; `written` collects the keys so a failed operation can remove them.
 */
export async function storeTenantImages(
  storage: StorageDriver,
  opts: { tenantId: string; images: Map<TenantImageField, CheckedImage>; written: string[] },
): Promise<Partial<Record<'logo_url' | 'favicon_url', string>>> {
  const urls: Partial<Record<'logo_url' | 'favicon_url', string>> = {};
  for (const [field, image] of opts.images) {
    const { key, url } = await storeBrandAsset(storage, {
      owner: opts.tenantId,
      name: field,
      image,
    });
    opts.written.push(key);
    urls[`${field}_url`] = url;
  }
  return urls;
}
