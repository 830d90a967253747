import type { TENANT_IMAGE_PARTS } from '@tappa/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { storeBrandAsset } from '../../infra/brand-assets';
import { checkImage, type CheckedImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { readMultipartForm } from '../../plugins/multipart';

const LOGO = { allowed: ['png', 'jpeg', 'webp'], maxDimensionPx: 512 } as const;
const FAVICON = { allowed: ['png', 'jpeg', 'webp', 'ico'], maxDimensionPx: 256 } as const;

/**
 * The images a tenant form carries, with the formats doc 1 §5 allows for each. The brand logo
 * and favicon are the player pages' own (decision 0033); they take the logo's and favicon's.
 */
const TENANT_IMAGES = {
  logo: { ...LOGO, field: 'logo' },
  favicon: { ...FAVICON, field: 'favicon' },
  footer_logo: { allowed: ['png', 'webp', 'jpeg'], maxDimensionPx: 1000, field: 'footer_logo' },
  brand_logo: { ...LOGO, field: 'brand_logo' },
  brand_favicon: { ...FAVICON, field: 'brand_favicon' },
} as const satisfies Record<(typeof TENANT_IMAGE_PARTS)[number], unknown>;

export type TenantImageField = keyof typeof TENANT_IMAGES;
export const TENANT_IMAGE_FIELDS = Object.keys(TENANT_IMAGES) as TenantImageField[];

/** The tenant column holding each image's URL. */
export type TenantImageUrls = Partial<Record<`${TenantImageField}_url`, string>>;

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
): Promise<TenantImageUrls> {
  const urls: TenantImageUrls = {};
  for (const [field, image] of opts.images) {
    const { key, url } = await storeBrandAsset(storage, {
      owner: opts.tenantId,
      name: field.replace('_', '-'),
      image,
    });
    opts.written.push(key);
    urls[`${field}_url`] = url;
  }
  return urls;
}

/** Reads and checks a tenant form: multipart, a `data` part with JSON and optional images. */
export async function readTenantForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const form = await readMultipartForm(request, TENANT_IMAGE_FIELDS);
  const parsed = schema.safeParse(form.data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ');
    throw new AppError('validation_failed', { fields }, { message: parsed.error.message });
  }
  return { input: parsed.data, images: await checkTenantImages(form.files) };
}
