import type { BrandColors, PlatformBrand } from '@tappa/contracts';
import { apiPath, apiRequest } from '../lib/api-client';
import { useBrandWrite } from './platform-brand-assets';

/** `PUT /api/platform/brand/colors`: saves the platform's two colours, answering the brand. */
export function saveBrandColors(colors: BrandColors): Promise<PlatformBrand> {
  return apiRequest<PlatformBrand>(apiPath('platform', 'brand', 'colors'), {
    method: 'PUT',
    body: colors,
  });
}

/** Saves the platform colours. */
export function useSaveBrandColors() {
  return useBrandWrite(saveBrandColors);
}
