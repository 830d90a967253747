import { type BrandAsset, type PlatformBrand, platformBrand } from '@tappa/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { queryStore } from '../lib/query';
import { platformBrandKeys } from './platform-brand';

/** What `useUploadBrandAsset` sends: which image, and its file. */
export interface BrandAssetUpload {
  asset: BrandAsset;
  file: File;
}

/** Uploads one brand image (multipart `file`). */
export function uploadBrandAsset({ asset, file }: BrandAssetUpload): Promise<PlatformBrand> {
  const form = new FormData();
  form.append('file', file);
  return apiCall(platformBrand.uploadAsset, { params: { asset }, body: form });
}

/** Removes one brand image: the brand goes back to no such image. */
export function removeBrandAsset(asset: BrandAsset): Promise<PlatformBrand> {
  return apiCall(platformBrand.removeAsset, { params: { asset } });
}

/** A brand write whose answer replaces the cached platform brand, so every page shows it at once. */
export function useBrandWrite<V>(write: (variables: V) => Promise<PlatformBrand>) {
  return useMutation({
    mutationFn: write,
    onSuccess: (brand) => queryStore.setQueryData(platformBrandKeys.all, brand),
  });
}

/** Uploads a brand image. */
export function useUploadBrandAsset() {
  return useBrandWrite(uploadBrandAsset);
}

/** Removes a brand image. */
export function useRemoveBrandAsset() {
  return useBrandWrite(removeBrandAsset);
}
