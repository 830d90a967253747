import { createHash } from 'node:crypto';
import {
  MANIFEST_ICON_NAMES,
  type ManifestIconName,
  publicTenants,
  urlOf,
  type WebAppManifest,
} from '@tappa/contracts';
import sharp from 'sharp';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { brandAssetKey } from '../../infra/brand-assets';
import { hasIcoHeader } from '../../infra/ico';
import type { StorageDriver } from '../../infra/storage/storage';
import { findTenantBySlug, type TenantRow } from './tenants.repository';

/** A launcher shows about a dozen characters under an icon. */
const SHORT_NAME_MAX_LENGTH = 12;

/** The tenant images an icon is made from, best first (square favicons before wide logos). */
const ICON_SOURCES = ['brand_favicon_url', 'favicon_url', 'brand_logo_url', 'logo_url'] as const;

/** Side in pixels and purpose of each manifest icon. */
const ICONS = {
  'any-192.png': { sizePx: 192, purpose: 'any' },
  'any-512.png': { sizePx: 512, purpose: 'any' },
  'maskable-512.png': { sizePx: 512, purpose: 'maskable' },
} as const satisfies Record<ManifestIconName, { sizePx: number; purpose: 'any' | 'maskable' }>;

/**
 * The platform's pin (favicon.svg's shape) in white, for a tenant without an image: drawn as a
 * path, so no font is needed to render it.
 */
const PIN_SVG = (sizePx: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sizePx}" height="${sizePx}" viewBox="0 0 32 32">` +
      '<path d="M16 2c-5.2 0-9.4 4.1-9.4 9.3C6.6 18 16 26 16 26s9.4-8 9.4-14.7C25.4 6.1 21.2 2 16 2z" fill="#fff"/>' +
      '</svg>',
  );

type ManifestTenant = Pick<
  TenantRow,
  'slug' | 'name' | 'primary_color' | 'secondary_color' | (typeof ICON_SOURCES)[number]
>;

/** The tenant's image URL that icons are made from, or null (none, or only an ICO favicon). */
function iconSourceUrl(tenant: ManifestTenant): string | null {
  for (const field of ICON_SOURCES) {
    const url = tenant[field];
    if (url && !url.toLowerCase().endsWith('.ico')) return url;
  }
  return null;
}

/** Changes whenever what an icon is drawn from changes, so a browser fetches the new one. */
function iconVersion(tenant: ManifestTenant): string {
  const source = `${iconSourceUrl(tenant) ?? ''}|${tenant.primary_color}`;
  return createHash('sha256').update(source).digest('hex').slice(0, 12);
}

async function requireTenant(db: Db, slug: string): Promise<TenantRow> {
  const tenant = await findTenantBySlug(db, slug);
  if (!tenant) throw new AppError('tenant_not_found');
  return tenant;
}

/**
 * The tenant's web app manifest (decision 0037): its name and colours, icons drawn from its
 * favicon or logo, opening at `/{slug}/start` and keeping to `/{slug}/`.
 */
export async function getTenantManifest(db: Db, slug: string): Promise<WebAppManifest> {
  const tenant = await requireTenant(db, slug);
  const version = iconVersion(tenant);
  const name = tenant.name.trim();
  return {
    id: `/${tenant.slug}/start`,
    name,
    short_name:
      name.length <= SHORT_NAME_MAX_LENGTH ? name : name.slice(0, SHORT_NAME_MAX_LENGTH).trim(),
    lang: 'it',
    start_url: `/${tenant.slug}/start`,
    scope: `/${tenant.slug}/`,
    display: 'standalone',
    theme_color: tenant.primary_color,
    background_color: tenant.secondary_color,
    icons: MANIFEST_ICON_NAMES.map((name) => ({
      src: `${urlOf(publicTenants.icon, { slug: tenant.slug, name })}?v=${version}`,
      sizes: `${ICONS[name].sizePx}x${ICONS[name].sizePx}`,
      type: 'image/png' as const,
      purpose: ICONS[name].purpose,
    })),
  };
}

/** The stored bytes of the tenant's icon source, or null (none, missing, or not decodable). */
async function readIconSource(storage: StorageDriver, tenant: ManifestTenant) {
  const key = brandAssetKey(iconSourceUrl(tenant));
  if (key === null) return null;
  const stored = await storage.get('brand-assets', key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const bytes = Buffer.concat(chunks);
  return hasIcoHeader(bytes) ? null : bytes;
}

/**
 * One square PNG icon of the tenant's manifest: its image fitted whole, on its primary colour
 * within the central 70 % for a maskable icon (the safe zone a launcher never crops); without an
 * image, the platform's pin on the primary colour.
 */
export async function renderTenantIcon(
  deps: { db: Db; storage: StorageDriver },
  opts: { slug: string; name: ManifestIconName },
): Promise<Buffer> {
  const tenant = await requireTenant(deps.db, opts.slug);
  const { sizePx, purpose } = ICONS[opts.name];
  const source = await readIconSource(deps.storage, tenant);
  const filled = purpose === 'maskable' || source === null;
  const innerPx = Math.round(sizePx * (filled ? 0.7 : 1));
  const inner = await sharp(source ?? PIN_SVG(innerPx))
    .resize(innerPx, innerPx, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const background = filled ? tenant.primary_color : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width: sizePx, height: sizePx, channels: 4, background } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png()
    .toBuffer();
}
