import {
  media,
  type MediaFile,
  type MediaFileUpdate,
  type MediaFolderCreate,
  type MediaListing,
  type MediaUploadData,
} from '@tappa/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
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

/**
 * The tenant whose library calls serve `library`: its own, or the reader's for the global one
 * read by a tenant's staff; null for the global one as the superadmin works on it.
 */
function tenantSlugOf(library: MediaLibrary): string | null {
  if (library.kind === 'tenant') return library.tenantSlug;
  return library.readerSlug ?? null;
}

/** A folder's listing, or the root's without a folder. */
export async function fetchMediaListing(
  library: MediaLibrary,
  folderId: string | null,
  signal?: AbortSignal,
): Promise<MediaListing> {
  const slug = tenantSlugOf(library);
  const folder = folderId ?? undefined;
  if (slug === null) return apiCall(media.platform.list, { query: { folder }, signal });
  const query = { folder, library: library.kind === 'global' ? ('global' as const) : undefined };
  return apiCall(media.tenant.list, { params: { slug }, query, signal });
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
 * One folder's listing; while the next folder loads, the last one stays
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

/** Creates a folder, then refreshes the listings. */
export function useCreateMediaFolder(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: (body: MediaFolderCreate) => {
      const slug = tenantSlugOf(library);
      return slug === null
        ? apiCall(media.platform.createFolder, { body })
        : apiCall(media.tenant.createFolder, { params: { slug }, body });
    },
    onSuccess: refresh,
  });
}

/** Deletes a folder with everything in it, then refreshes the listings. */
export function useDeleteMediaFolder(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: (folderId: string) => {
      const slug = tenantSlugOf(library);
      return slug === null
        ? apiCall(media.platform.deleteFolder, { params: { folderId } })
        : apiCall(media.tenant.deleteFolder, { params: { slug, folderId } });
    },
    onSuccess: refresh,
  });
}

/** What `useUpdateMediaFile` sends: the file and its new description. */
export interface UpdateMediaFileInput {
  fileId: string;
  body: MediaFileUpdate;
}

/** Changes a file's description, then refreshes the listings. */
export function useUpdateMediaFile(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: ({ fileId, body }: UpdateMediaFileInput) => {
      const slug = tenantSlugOf(library);
      return slug === null
        ? apiCall(media.platform.updateFile, { params: { fileId }, body })
        : apiCall(media.tenant.updateFile, { params: { slug, fileId }, body });
    },
    onSuccess: refresh,
  });
}

/** What `useDeleteMediaFile` sends: the file, and whether to delete it though steps use it. */
export interface DeleteMediaFileInput {
  fileId: string;
  force: boolean;
}

/**
 * Deletes a file (even one that steps use when `force`), then refreshes the listings.
 * Without `force` the server refuses (409) a file that steps use.
 */
export function useDeleteMediaFile(library: MediaLibrary) {
  const refresh = useRefreshMediaLibrary(library);
  return useMutation({
    mutationFn: ({ fileId, force }: DeleteMediaFileInput) => {
      const slug = tenantSlugOf(library);
      const query = { force: force ? ('true' as const) : undefined };
      return slug === null
        ? apiCall(media.platform.deleteFile, { params: { fileId }, query })
        : apiCall(media.tenant.deleteFile, { params: { slug, fileId }, query });
    },
    onSuccess: refresh,
  });
}

/** What `uploadMediaFile` sends: the file, its folder (null: the root), and progress options. */
export interface MediaUploadInput extends UploadOptions {
  file: File;
  folderId: string | null;
}

/**
 * Uploads one file into a folder (parts `file` and `data`), reporting its
 * progress; several files are several calls.
 */
export function uploadMediaFile(
  library: MediaLibrary,
  { file, folderId, ...options }: MediaUploadInput,
): Promise<MediaFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('data', JSON.stringify({ folder_id: folderId } satisfies MediaUploadData));
  const slug = tenantSlugOf(library);
  return slug === null
    ? uploadWithProgress(media.platform.upload, {}, form, options)
    : uploadWithProgress(media.tenant.upload, { slug }, form, options);
}
