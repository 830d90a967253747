import path from 'node:path';
import {
  MediaFileSchema,
  MediaFileUpdateSchema,
  MediaFolderCreateSchema,
  MediaFolderSchema,
  MediaListingSchema,
  MediaUploadDataSchema,
} from '@tappa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { receiveFileUpload } from '../../plugins/multipart';
import type { RouteAccess } from '../access/route-access';
import {
  createFolder,
  deleteFile,
  deleteFolder,
  fileTooLarge,
  type Library,
  listMedia,
  type MediaDeps,
  updateFile,
  uploadFile,
  type WritableLibrary,
} from './media.service';

const SlugParams = z.object({ slug: z.string() });
const FolderQuery = z.object({ folder: z.uuid().optional() });
const ForceQuery = z.object({ force: z.enum(['true', 'false']).optional() });

/** Who works in which library: the library the request names and the caller's profile id. */
interface LibraryCaller {
  lib: WritableLibrary;
  userId: string | null;
}

/**
 * The calls a library answers (packages/contracts/src/media.ts), under `base`: the tenant's at
 * `/api/tenants/:slug/media` for its staff, the global one at `/api/platform/media` for the
 * superadmin. `resolve` is the guard: it names the caller's library or refuses.
 */
function libraryRoutes(
  app: FastifyInstance,
  deps: MediaDeps,
  opts: {
    /** Where uploads wait while they are checked (`DATA_DIR/uploads`). */
    tempDir: string;
    base: string;
    tags: string[];
    access: RouteAccess;
    resolve: (request: FastifyRequest) => Promise<LibraryCaller>;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, access, resolve, tempDir } = opts;
  const config = { access };

  typed.post(
    `${base}/folders`,
    {
      schema: { tags, body: MediaFolderCreateSchema, response: { 201: MediaFolderSchema } },
      config,
    },
    async (request, reply) => {
      const { lib, userId } = await resolve(request);
      return reply.status(201).send(await createFolder(deps, lib, request.body, userId));
    },
  );

  typed.delete(
    `${base}/folders/:folderId`,
    { schema: { tags, params: z.object({ folderId: z.uuid() }).loose() }, config },
    async (request, reply) => {
      const { lib } = await resolve(request);
      await deleteFolder(deps, lib, request.params.folderId);
      return reply.status(204).send();
    },
  );

  typed.post(
    `${base}/files`,
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: MediaFileSchema } },
      config,
    },
    async (request, reply) => {
      const { lib, userId } = await resolve(request);
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
        return await reply.status(201).send(await uploadFile(deps, lib, upload, userId));
      } finally {
        await remove();
      }
    },
  );

  typed.patch(
    `${base}/files/:fileId`,
    {
      schema: {
        tags,
        params: z.object({ fileId: z.uuid() }).loose(),
        body: MediaFileUpdateSchema,
        response: { 200: MediaFileSchema },
      },
      config,
    },
    async (request) => {
      const { lib } = await resolve(request);
      return updateFile(deps, lib, request.params.fileId, request.body);
    },
  );

  typed.delete(
    `${base}/files/:fileId`,
    {
      schema: { tags, params: z.object({ fileId: z.uuid() }).loose(), querystring: ForceQuery },
      config,
    },
    async (request, reply) => {
      const { lib } = await resolve(request);
      await deleteFile(deps, lib, request.params.fileId, request.query.force === 'true');
      return reply.status(204).send();
    },
  );
}

/**
 * The media libraries (doc 2 §2; decision 0035): a tenant's for its staff (tenant admins and
 * game managers, ARCHITECTURE §4), who also read the global one; the global one for the
 * superadmin.
 */
export const mediaEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'config'>
> = async (app, { db, storage, clock, access, config }) => {
  const deps: MediaDeps = { db, storage, clock, limits: config.media };

  const tenantLibrary = async (request: FastifyRequest): Promise<LibraryCaller> => {
    const { slug } = SlugParams.parse(request.params);
    const caller = await access.requireTenantStaff(request, slug);
    return { lib: { kind: 'tenant', scope: caller.scope }, userId: caller.profile.id };
  };
  const globalLibrary = async (request: FastifyRequest): Promise<LibraryCaller> => {
    const caller = await access.requireSuperadmin(request);
    return { lib: { kind: 'platform', scope: caller.scope }, userId: caller.profile.id };
  };

  app.get(
    '/api/tenants/:slug/media',
    {
      schema: {
        tags: ['media'],
        params: SlugParams,
        querystring: FolderQuery.extend({ library: z.enum(['tenant', 'global']).optional() }),
        response: { 200: MediaListingSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(request, request.params.slug);
      const lib: Library = {
        kind: request.query.library === 'global' ? 'global' : 'tenant',
        scope: caller.scope,
      };
      return listMedia(deps, lib, request.query.folder ?? null);
    },
  );

  app.get(
    '/api/platform/media',
    {
      schema: {
        tags: ['media'],
        querystring: FolderQuery,
        response: { 200: MediaListingSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const { lib } = await globalLibrary(request);
      return listMedia(deps, lib, request.query.folder ?? null);
    },
  );

  const tempDir = path.join(config.dataDir, 'uploads');
  libraryRoutes(app, deps, {
    tempDir,
    base: '/api/tenants/:slug/media',
    tags: ['media'],
    access: 'tenant-staff',
    resolve: tenantLibrary,
  });
  libraryRoutes(app, deps, {
    tempDir,
    base: '/api/platform/media',
    tags: ['media'],
    access: 'superadmin',
    resolve: globalLibrary,
  });
};
