import type { BrandAsset, BrandColors, PlatformBrand } from '@tappa/contracts';
import type { Db } from '../../db/db';
import { brandAssetKey, removeBrandAssets, storeBrandAsset } from '../../infra/brand-assets';
import { checkImage, type ImageFormat } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { findPlatformBrand, savePlatformBrand } from './platform.repository';
import { getPlatformBrand } from './platform.service';

/** What brand writes need, with who makes them (for the audit log). */
export interface BrandDeps {
  db: Db;
  storage: StorageDriver;
  now: Date;
  actor: AuditActor;
}

/**
 * Doc 1 §5 for the brand panels: logo png, jpeg or webp; favicon x-icon or png; footer logo png,
 * webp or jpeg. The bounds keep the 150×150 and 250×40 suggestions sharp on dense screens.
 */
const BRAND_IMAGES = {
  logo: { allowed: ['png', 'jpeg', 'webp'], maxDimensionPx: 512, name: 'logo' },
  favicon: { allowed: ['ico', 'png'], maxDimensionPx: 256, name: 'favicon' },
  footer_logo: { allowed: ['png', 'webp', 'jpeg'], maxDimensionPx: 1000, name: 'footer-logo' },
} as const satisfies Record<
  BrandAsset,
  { allowed: readonly ImageFormat[]; maxDimensionPx: number; name: string }
>;

// Brand writes take turns, so each one knows the file it replaces and none is left orphaned.
const BRAND_LOCK = 7_272_041;

const urlColumn = (asset: BrandAsset) => `${asset}_url` as const;

/**
 * Replaces or clears (`url` null) one brand image; the replaced file is removed only once the
 * row points at the new one, and the new file is removed again if the row cannot be written.
 */
async function setBrandAssetUrl(
  deps: BrandDeps,
  asset: BrandAsset,
  next: { url: string; key: string } | null,
): Promise<PlatformBrand> {
  try {
    const previous = await deps.db.transaction(async (tx) => {
      await tx.lock(BRAND_LOCK);
      const row = await findPlatformBrand(tx);
      await savePlatformBrand(tx, { [urlColumn(asset)]: next?.url ?? null, updated_at: deps.now });
      await recordAudit(tx, {
        actor: deps.actor,
        action: next ? 'brand_asset.upload' : 'brand_asset.remove',
        target: { id: 'platform', label: asset },
        details: { asset },
        now: deps.now,
      });
      return row?.[urlColumn(asset)] ?? null;
    });
    if (previous !== next?.url) await removeBrandAssets(deps.storage, [brandAssetKey(previous)]);
  } catch (error) {
    await removeBrandAssets(deps.storage, [next?.key ?? null]);
    throw error;
  }
  return getPlatformBrand(deps.db);
}

/**
 * Checks an uploaded brand image by content (`image_type_refused` / `image_too_large`, nothing
 * changed) and stores it as `brand-assets/superadmin/{asset}-{random}.{ext}`.
 */
export async function uploadBrandAsset(
  deps: BrandDeps,
  asset: BrandAsset,
  file: Buffer,
): Promise<PlatformBrand> {
  const { allowed, maxDimensionPx, name } = BRAND_IMAGES[asset];
  const image = await checkImage(file, { allowed, maxDimensionPx, field: asset });
  const stored = await storeBrandAsset(deps.storage, { owner: 'superadmin', name, image });
  return setBrandAssetUrl(deps, asset, stored);
}

/** Removes one brand image: the brand goes back to none (the word 'Tappa', no favicon). */
export function removeBrandAsset(deps: BrandDeps, asset: BrandAsset): Promise<PlatformBrand> {
  return setBrandAssetUrl(deps, asset, null);
}

/** Saves the platform's two colours. */
export async function saveBrandColors(
  deps: BrandDeps,
  colors: BrandColors,
): Promise<PlatformBrand> {
  await deps.db.transaction(async (tx) => {
    await savePlatformBrand(tx, { ...colors, updated_at: deps.now });
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'brand_colors.update',
      target: { id: 'platform', label: null },
      details: { ...colors },
      now: deps.now,
    });
  });
  return getPlatformBrand(deps.db);
}
