import { type BrandColors, type PlatformBrand, platformBrand } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { useBrandWrite } from './platform-brand-assets';

/** Saves the platform's two colours, answering the brand. */
export function saveBrandColors(colors: BrandColors): Promise<PlatformBrand> {
  return apiCall(platformBrand.saveColors, { body: colors });
}

/** Saves the platform colours. */
export function useSaveBrandColors() {
  return useBrandWrite(saveBrandColors);
}
