import { endpoint, shape } from '../endpoint';
import type { BrandColors } from '../platform';
import type { PlatformBrand } from '../tenants';

const ASSET = '/api/platform/brand/assets/:asset';

/** The platform's brand as the superadmin sets it (every page reads it: `publicPlatformBrand`). */
export const platformBrand = {
  /** Saves the platform's two colours; answers the brand. */
  saveColors: endpoint({
    method: 'PUT',
    path: '/api/platform/brand/colors',
    access: 'superadmin',
    body: shape<BrandColors>(),
    response: shape<PlatformBrand>(),
  }),
  /** Uploads one brand image (multipart `file`); answers the brand. */
  uploadAsset: endpoint({
    method: 'PUT',
    path: ASSET,
    access: 'superadmin',
    body: shape<FormData>(),
    response: shape<PlatformBrand>(),
  }),
  /** Removes one brand image; answers the brand. */
  removeAsset: endpoint({
    method: 'DELETE',
    path: ASSET,
    access: 'superadmin',
    response: shape<PlatformBrand>(),
  }),
};
