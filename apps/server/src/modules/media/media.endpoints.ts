import path from 'node:path';
import {
  media,
  MediaFileDeleteQuerySchema,
  MediaFileSchema,
  MediaFileUpdateSchema,
  MediaFolderCreateSchema,
  MediaFolderSchema,
  MediaListingQuerySchema,
  MediaListingSchema,
  MediaUploadDataSchema,
  TenantMediaListingQuerySchema,
} from '@tappa/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { receiveFileUpload } from '../../plugins/multipart';
import type { Access, StaffAccess, SuperadminAccess } from '../access/access';
import { MULTIPART, servesOn } from '../access/serve';
import {
  createFolder,
  deleteFile,
  deleteFolder,
  listMedia,
  type MediaDeps,
  updateFile,
  type WritableLibrary,
} from './media.service';
import { fileTooLarge, uploadFile } from './media-upload.service';

const tags = ['media'];

/** The library a caller writes: its tenant's for the staff, the global one for the superadmin. */
function libraryOf({ scope }: StaffAccess | SuperadminAccess): WritableLibrary {
  return scope.kind === 'tenant' ? { kind: 'tenant', scope } : { kind: 'platform', scope };
}

/**
 * The writes a library answers (`media.tenant` and `media.platform` in `@tappa/contracts`): the
 * tenant's for its staff, the global one for the superadmin; the declared access is the guard,
 * and the caller's scope names the library.
 */
function libraryWrites(
  app: FastifyInstance,
  access: Access,
  deps: MediaDeps,
  opts: {
    /** The calls of one library. */
    calls: typeof media.tenant | typeof media.platform;
    /** Where uploads wait while they are checked (`DATA_DIR/uploads`). */
    tempDir: string;
  },
) {
  const serve = servesOn(app, access);
  const { calls, tempDir } = opts;

  serve(
    calls.createFolder,
    { body: MediaFolderCreateSchema, response: MediaFolderSchema },
    { tags },
    ({ caller, body }) => createFolder(deps, libraryOf(caller), body, caller.profile.id),
  );

  serve(calls.deleteFolder, {}, { tags }, async ({ caller, params }) => {
    await deleteFolder(deps, libraryOf(caller), params.folderId);
    return undefined;
  });

  serve(
    calls.upload,
    { body: MULTIPART, response: MediaFileSchema },
    { tags },
    async ({ caller, request }) => {
      const { data, file, remove } = await receiveFileUpload(request, {
        field: 'file',
        maxBytes: deps.limits.maxFileBytes,
        tempDir,
        tooLarge: () => fileTooLarge(deps.limits),
      });
      try {
        const parsed = MediaUploadDataSchema.safeParse(data ?? { folder_id: null });
        if (!parsed.success) throw new AppError('form_data_invalid');
        if (!file) throw new AppError('media_file_missing');
        const upload = { ...file, folderId: parsed.data.folder_id };
        return await uploadFile(deps, libraryOf(caller), upload, caller.profile.id);
      } finally {
        await remove();
      }
    },
  );

  serve(
    calls.updateFile,
    { body: MediaFileUpdateSchema, response: MediaFileSchema },
    { tags },
    ({ caller, params, body }) => updateFile(deps, libraryOf(caller), params.fileId, body),
  );

  serve(
    calls.deleteFile,
    { query: MediaFileDeleteQuerySchema },
    { tags },
    async ({ caller, params, query }) => {
      await deleteFile(deps, libraryOf(caller), params.fileId, query.force === 'true');
      return undefined;
    },
  );
}

/**
 * The routes of `media` (`@tappa/contracts`), the media libraries (doc 2 §2; decision 0035): a
 * tenant's for its staff (tenant admins and game managers, ARCHITECTURE §4), who also read the
 * global one; the global one for the superadmin.
 */
export const mediaEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'config'>
> = async (app, { db, storage, clock, access, config }) => {
  const serve = servesOn(app, access);
  const deps: MediaDeps = { db, storage, clock, limits: config.media };

  serve(
    media.tenant.list,
    { query: TenantMediaListingQuerySchema, response: MediaListingSchema },
    { tags },
    ({ scope, query }) => {
      const kind = query.library === 'global' ? 'global' : 'tenant';
      return listMedia(deps, { kind, scope }, query.folder ?? null);
    },
  );

  serve(
    media.platform.list,
    { query: MediaListingQuerySchema, response: MediaListingSchema },
    { tags },
    ({ scope, query }) => listMedia(deps, { kind: 'platform', scope }, query.folder ?? null),
  );

  const tempDir = path.join(config.dataDir, 'uploads');
  libraryWrites(app, access, deps, { calls: media.tenant, tempDir });
  libraryWrites(app, access, deps, { calls: media.platform, tempDir });
};
