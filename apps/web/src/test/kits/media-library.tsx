// Test support of the media library screens (never imported by app code): a small in-memory
// library answering the listing, folder and file calls the way the contract describes.
import type { MediaFile, MediaFolder, MediaListing } from '@tappa/contracts';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { MediaLibrary } from '../../api/media-library';
import { MediaLibraryScreen } from '../../features/media-library/media-library-screen';
import { renderInRouter } from '../render-in-router';
import { emptyResponse, jsonResponse, pathOf, stubApi } from '../stub-api';

/** The API path of the test tenant's library. */
export const BASE = '/api/tenants/acme/media';

/** The test tenant's library. */
export const TENANT_LIBRARY: MediaLibrary = { kind: 'tenant', tenantSlug: 'acme' };

/** Renders the screen for `library` at `/acme/media` (plus `search`); returns the router. */
export function renderMediaScreen(search = '', library = TENANT_LIBRARY) {
  return renderInRouter(
    [
      {
        path: '/acme/media',
        element: <MediaLibraryScreen library={library} title="Media Library" />,
      },
    ],
    `/acme/media${search}`,
  );
}

/** The grid's tile named `name`, once it shows. */
export function findTile(name: string) {
  return screen.findByRole('article', { name });
}

/** The requests the fake library got with `method`, as `path?query`. */
export function requestsOf(library: FakeLibrary, method: string): string[] {
  return library.requests.filter((request) => request.method === method).map(({ url }) => url);
}

/** The folder `/Roma` at the root. */
export const ROMA: MediaFolder = {
  id: 'd-roma',
  name: 'Roma',
  path: '/Roma',
  parent_folder_id: null,
  created_at: '2026-01-02T10:00:00.000Z',
};

/** The folder `/Roma/Audio`, empty. */
export const AUDIO: MediaFolder = {
  id: 'd-audio',
  name: 'Audio',
  path: '/Roma/Audio',
  parent_folder_id: ROMA.id,
  created_at: '2026-01-02T10:05:00.000Z',
};

/** An image at the root, with its thumbnail and a description. */
export const PHOTO: MediaFile = {
  id: 'f-photo',
  folder_id: null,
  filename: 'colosseo.jpg',
  mime_type: 'image/jpeg',
  size_bytes: 1536,
  description: 'Il Colosseo al tramonto',
  unique_code: 'MED-PHOTO1',
  url: '/media/acme/1700000000000-ab12cd.jpg',
  thumb_url: '/media/acme/1700000000000-ab12cd.thumb.webp',
  created_at: '2026-01-03T10:00:00.000Z',
};

/** An audio guide in `/Roma`, without a description. */
export const GUIDE: MediaFile = {
  ...PHOTO,
  id: 'f-guide',
  folder_id: ROMA.id,
  filename: 'guida.mp3',
  mime_type: 'audio/mpeg',
  size_bytes: 5 * 1024 * 1024,
  description: null,
  unique_code: 'MED-GUIDE1',
  url: '/media/acme/1700000000001-ef34gh.mp3',
  thumb_url: null,
};

/** A PDF at the root (neither image, audio nor video). */
export const NOTES: MediaFile = {
  ...GUIDE,
  id: 'f-notes',
  folder_id: null,
  filename: 'note.pdf',
  mime_type: 'application/pdf',
  size_bytes: 300,
  unique_code: 'MED-NOTES1',
  url: '/media/acme/1700000000002-ij56kl.pdf',
};

/** The library's room in every listing. */
export const USAGE: MediaListing['usage'] = {
  used_bytes: 5 * 1024 * 1024 + 1836,
  quota_bytes: 1024 ** 3,
  max_file_bytes: 50 * 1024 * 1024,
};

/** What a request to the fake library was: method, path and query, and the parsed JSON body. */
export interface LibraryRequest {
  method: string;
  url: string;
  body: unknown;
}

/** The state of the fake library; tests change it to stage what the server answers. */
export interface FakeLibrary {
  folders: MediaFolder[];
  files: MediaFile[];
  /** Files that steps use: deleting one without `?force=true` answers 409. */
  inUse: Set<string>;
  /** An answer to give instead of the fake's own, by `'METHOD /path'`, once. */
  overrides: Map<string, () => Response>;
  requests: LibraryRequest[];
}

/** The listing of `folderId` in `library`, as the server answers it. */
function listingOf(library: FakeLibrary, folderId: string | null): MediaListing | null {
  const folder = folderId === null ? null : library.folders.find(({ id }) => id === folderId);
  if (folder === undefined) return null;
  const breadcrumbs: MediaListing['breadcrumbs'] = [];
  let at: MediaFolder | undefined = folder ?? undefined;
  while (at) {
    breadcrumbs.unshift({ id: at.id, name: at.name });
    const parentId = at.parent_folder_id;
    at = library.folders.find(({ id }) => id === parentId);
  }
  return {
    folder,
    breadcrumbs,
    folders: library.folders.filter(({ parent_folder_id }) => parent_folder_id === folderId),
    files: library.files.filter(({ folder_id }) => folder_id === folderId),
    usage: USAGE,
  };
}

/** The fake's answer to one library call under `base` (`/api/tenants/acme/media`…). */
function answer(library: FakeLibrary, base: string, request: LibraryRequest): Response | null {
  const url = new URL(request.url, 'http://tappa.test');
  const rest = url.pathname.slice(base.length);
  const key = `${request.method} ${rest}`;
  if (key === 'GET ') {
    const listing = listingOf(library, url.searchParams.get('folder'));
    return listing ? jsonResponse(200, listing) : null;
  }
  if (key === 'POST /folders') {
    const { name, parent_folder_id } = request.body as { name: string; parent_folder_id: null };
    const folder = { ...ROMA, id: `d-${name}`, name, path: `/${name}`, parent_folder_id };
    library.folders.push(folder);
    return jsonResponse(201, folder);
  }
  const [, kind, id] = rest.split('/');
  if (request.method === 'DELETE' && kind === 'folders') {
    library.folders = library.folders.filter((folder) => folder.id !== id);
    return emptyResponse();
  }
  const file = library.files.find((candidate) => candidate.id === id);
  if (kind !== 'files' || !file) return null;
  if (request.method === 'PATCH') {
    Object.assign(file, request.body);
    return jsonResponse(200, file);
  }
  if (request.method !== 'DELETE') return null;
  if (library.inUse.has(file.id) && url.searchParams.get('force') !== 'true') {
    const message = `Used by steps: Colosseo (Roma antica)`;
    const error = { code: 'media_file_in_use', params: { steps: 'Colosseo' }, message };
    return jsonResponse(409, { error });
  }
  library.files = library.files.filter((candidate) => candidate !== file);
  return emptyResponse();
}

/**
 * Stubs `fetch` with a library under `base` holding `ROMA`, `AUDIO`, `PHOTO`, `GUIDE` and
 * `NOTES` (or the folders and files given); other calls go to `stubApi`'s defaults.
 */
export function stubMediaLibrary(
  base: string,
  contents: Partial<Pick<FakeLibrary, 'folders' | 'files'>> = {},
): FakeLibrary {
  const library: FakeLibrary = {
    folders: contents.folders ?? [ROMA, AUDIO],
    files: contents.files ?? [PHOTO, GUIDE, NOTES].map((file) => ({ ...file })),
    inUse: new Set(),
    overrides: new Map(),
    requests: [],
  };
  const fallback = stubApi();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = pathOf(input);
      if (!path.startsWith(base)) return fallback(input, init);
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const request = { method, url, body };
      library.requests.push(request);
      const override = library.overrides.get(`${method} ${path}`);
      library.overrides.delete(`${method} ${path}`);
      return override?.() ?? answer(library, base, request) ?? fallback(input, init);
    }),
  );
  return library;
}
