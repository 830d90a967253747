import { endpoint, shape } from '../endpoint';
import type {
  MediaFile,
  MediaFileDeleteQuery,
  MediaFileUpdate,
  MediaFolder,
  MediaFolderCreate,
  MediaListing,
  MediaListingQuery,
  TenantMediaListingQuery,
} from '../media';

const TENANT = '/api/tenants/:slug/media';
const PLATFORM = '/api/platform/media';

/**
 * The media libraries (doc 2 §2; decision 0035): a tenant's for its staff (tenant admins and game
 * managers), who also read the global one; the global one for the superadmin. Both answer the
 * same calls.
 */
export const media = {
  /** The tenant's library, for its staff. */
  tenant: {
    /** A folder's listing (the root's without a folder); `library=global` reads the global one. */
    list: endpoint({
      method: 'GET',
      path: TENANT,
      access: 'tenant-staff',
      policy: 'staff',
      query: shape<TenantMediaListingQuery>(),
      response: shape<MediaListing>(),
    }),
    /** Creates a folder. */
    createFolder: endpoint({
      method: 'POST',
      path: `${TENANT}/folders`,
      access: 'tenant-staff',
      policy: 'staff',
      body: shape<MediaFolderCreate>(),
      response: shape<MediaFolder>(),
      status: 201,
    }),
    /** Deletes a folder with everything in it. */
    deleteFolder: endpoint({
      method: 'DELETE',
      path: `${TENANT}/folders/:folderId`,
      access: 'tenant-staff',
      policy: 'staff',
      status: 204,
    }),
    /** Uploads one file into a folder (multipart: `file` and `data`). */
    upload: endpoint({
      method: 'POST',
      path: `${TENANT}/files`,
      access: 'tenant-staff',
      policy: 'staff',
      body: shape<FormData>(),
      response: shape<MediaFile>(),
      status: 201,
    }),
    /** Changes a file's description. */
    updateFile: endpoint({
      method: 'PATCH',
      path: `${TENANT}/files/:fileId`,
      access: 'tenant-staff',
      policy: 'staff',
      body: shape<MediaFileUpdate>(),
      response: shape<MediaFile>(),
    }),
    /** Deletes a file; one that steps use only with `force=true` (else 409). */
    deleteFile: endpoint({
      method: 'DELETE',
      path: `${TENANT}/files/:fileId`,
      access: 'tenant-staff',
      policy: 'staff',
      query: shape<MediaFileDeleteQuery>(),
      status: 204,
    }),
  },
  /** The global library, for the superadmin. */
  platform: {
    /** A folder's listing (the root's without a folder). */
    list: endpoint({
      method: 'GET',
      path: PLATFORM,
      access: 'superadmin',
      query: shape<MediaListingQuery>(),
      response: shape<MediaListing>(),
    }),
    /** Creates a folder. */
    createFolder: endpoint({
      method: 'POST',
      path: `${PLATFORM}/folders`,
      access: 'superadmin',
      body: shape<MediaFolderCreate>(),
      response: shape<MediaFolder>(),
      status: 201,
    }),
    /** Deletes a folder with everything in it. */
    deleteFolder: endpoint({
      method: 'DELETE',
      path: `${PLATFORM}/folders/:folderId`,
      access: 'superadmin',
      status: 204,
    }),
    /** Uploads one file into a folder (multipart: `file` and `data`). */
    upload: endpoint({
      method: 'POST',
      path: `${PLATFORM}/files`,
      access: 'superadmin',
      body: shape<FormData>(),
      response: shape<MediaFile>(),
      status: 201,
    }),
    /** Changes a file's description. */
    updateFile: endpoint({
      method: 'PATCH',
      path: `${PLATFORM}/files/:fileId`,
      access: 'superadmin',
      body: shape<MediaFileUpdate>(),
      response: shape<MediaFile>(),
    }),
    /** Deletes a file; one that steps use only with `force=true` (else 409). */
    deleteFile: endpoint({
      method: 'DELETE',
      path: `${PLATFORM}/files/:fileId`,
      access: 'superadmin',
      query: shape<MediaFileDeleteQuery>(),
      status: 204,
    }),
  },
};
