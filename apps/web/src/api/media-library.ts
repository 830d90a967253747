import type {
  MediaFile,
  MediaFileUpdate,
  MediaFolder,
  MediaFolderCreate,
  MediaListing,
  MediaUploadData,
} from '@tappa/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';
import { uploadWithProgress, type UploadOptions } from '../lib/upload-with-progress';

/**
 * Which media library a screen works on: a tenant's, or the platform's global one; with
 * `readerSlug`, the global one as that tenant's staff read it (to pick step media).
 */
export type MediaLibrary =
  { kind: 'tenant'; tenantSlug: string } | { kind: 'global'; readerSlug?: string };

/** React Query keys of the media libraries. */
export const mediaLibraryKeys = {
  /** Everything read from one library. */
  all: (library: MediaLibrary) =>
    library.kind === 'tenant'
      ? (['tenants', library.tenantSlug, 'media'] as const)
      : library.readerSlug === undefined
        ? (['platform', 'media'] as const)
        : (['tenants', library.readerSlug, 'media', 'global'] as const),
  /** One folder's listing (null: the root). */
  listing: (library: MediaLibrary, folderId: string | null) =>
    [...mediaLibraryKeys.all(library), folderId] as const,
};

/** URL of the library (`/api/tenants/{slug}/media…` or `/api/platform/media…`) or below it. */
function mediaPath(library: MediaLibrary, ...rest: string[]): string {
  if (library.kind === 'tenant') return apiPath('tenants', library.tenantSlug, 'media', ...rest);
  return library.readerSlug === undefined
    ? apiPath('platform', 'media', ...rest)
    : apiPath('tenants', library.readerSlug, 'media', ...rest);
}

/** `GET …/media?folder=`: a folder's listing, or the root's without a folder. */
export async function fetchMediaListing(
  library: MediaLibrary,
  folderId: string | null,
  signal?: AbortSignal,
): Promise<MediaListing> {
  const params = new URLSearchParams();
  if (library.kind === 'global' && library.readerSlug !== undefined)
    params.set('library', 'global');
  if (folderId !== null) params.set('folder', folderId);
  const query = params.size === 0 ? '' : `?${params.toString()}`;
  return apiRequest<MediaListing>(`${mediaPath(library)}${query}`, { signal });
}

/** The listing query of one folder; idle for a tenant library without a tenant. */
export function mediaListingQueryOptions(library: MediaLibrary, folderId: string | null) {
  return queryOptions({
    queryKey: mediaLibraryKeys.listing(library, folderId),
    queryFn: ({ signal }) => fetchMediaListing(library, folderId, signal),
    enabled: library.kind === 'global' || library.tenantSlug !== '',
  });
}

/**
 * One folder's listing (`GET …/media?folder=`); while the next folder loads, the last one stays
 * on screen rather than a blank 'Loading...'.
 */
export function useMediaListing(library: MediaLibrary, folderId: string | null) {
  return useQuery({
    ...mediaListingQueryOptions(library, folderId),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every listing of the library after a write (a folder's size shows in its parent's). */
export function useRefreshMediaLibrary(library: MediaLibrary) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.all(library) });
}

/** Creates a folder (`POST …/media/folders`), then refreshes the listings. */
export function useCreateMediaFolder(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: (body: MediaFolderCreate) =>
      apiRequest<MediaFolder>(mediaPath(library, 'folders'), { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** Deletes a folder with everything in it (`DELETE …/media/folders/{id}`), then refreshes. */
export function useDeleteMediaFolder(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: (folderId: string) =>
      apiRequest<undefined>(mediaPath(library, 'folders', folderId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** What `useUpdateMediaFile` sends: the file and its new description. */
export interface UpdateMediaFileInput {
  fileId: string;
  body: MediaFileUpdate;
}

/** Changes a file's description (`PATCH …/media/files/{id}`), then refreshes. */
export function useUpdateMediaFile(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: ({ fileId, body }: UpdateMediaFileInput) =>
      apiRequest<MediaFile>(mediaPath(library, 'files', fileId), { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

/** What `useDeleteMediaFile` sends: the file, and whether to delete it though steps use it. */
export interface DeleteMediaFileInput {
  fileId: string;
  force: boolean;
}

/**
 * Deletes a file (`DELETE …/media/files/{id}`, with `?force=true` when `force`), then refreshes.
 * Without `force` the server refuses (409) a file that steps use.
 */
export function useDeleteMediaFile(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: ({ fileId, force }: DeleteMediaFileInput) =>
      apiRequest<undefined>(`${mediaPath(library, 'files', fileId)}${force ? '?force=true' : ''}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}

/** What `uploadMediaFile` sends: the file, its folder (null: the root), and progress options. */
export interface MediaUploadInput extends UploadOptions {
  file: File;
  folderId: string | null;
}

/**
 * Uploads one file into a folder (`POST …/media/files`, parts `file` and `data`), reporting its
 * progress; several files are several calls.
 */
export function uploadMediaFile(
  library: MediaLibrary,
  { file, folderId, ...options }: MediaUploadInput,
): Promise<MediaFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('data', JSON.stringify({ folder_id: folderId } satisfies MediaUploadData));
  return uploadWithProgress<MediaFile>(mediaPath(library, 'files'), form, options);
}
