import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { mediaFiles, mediaFolders, routes, steps } from '../../db/schema';
import type { PlatformScope, TenantScope } from '../../db/scope';

/**
 * A media library as a request reaches it: the tenant's own (`tenant`, read and written by its
 * staff), the global one read by a tenant's staff (`global`, read only), or the global one as
 * the superadmin manages it (`platform`).
 */
export type Library =
  | { kind: 'tenant'; scope: TenantScope }
  | { kind: 'global'; scope: TenantScope }
  | { kind: 'platform'; scope: PlatformScope };

/** A library that may be written: the tenant's own, or the global one for the superadmin. */
export type WritableLibrary = Exclude<Library, { kind: 'global' }>;

export type FolderRow = typeof mediaFolders.$inferSelect;
export type FileRow = typeof mediaFiles.$inferSelect;

/** The condition that keeps `table` inside the library (the scope adds the tenant's own). */
function ownedBy(lib: Library, table: typeof mediaFolders | typeof mediaFiles): SQL {
  return lib.kind === 'tenant' ? eq(table.tenant_id, lib.scope.tenantId) : isNull(table.tenant_id);
}

/** The library's folders matching `where`. */
function selectFolders(db: Db, lib: Library, where?: SQL): Promise<FolderRow[]> {
  const condition = and(ownedBy(lib, mediaFolders), where);
  if (lib.kind === 'platform') {
    return db.unscoped(lib.scope).select().from(mediaFolders).where(condition);
  }
  return db.scoped(lib.scope).selectFrom(mediaFolders, condition);
}

/** The library's files matching `where`, by name. */
function selectFiles(db: Db, lib: Library, where?: SQL): Promise<FileRow[]> {
  const condition = and(ownedBy(lib, mediaFiles), where);
  if (lib.kind === 'platform') {
    return db
      .unscoped(lib.scope)
      .select()
      .from(mediaFiles)
      .where(condition)
      .orderBy(asc(mediaFiles.filename), asc(mediaFiles.id));
  }
  return db
    .scoped(lib.scope)
    .selectFrom(mediaFiles, condition)
    .orderBy(asc(mediaFiles.filename), asc(mediaFiles.id));
}

/** A folder of the library by id (another library's is none). */
export async function findFolder(db: Db, lib: Library, id: string): Promise<FolderRow | null> {
  const [row] = await selectFolders(db, lib, eq(mediaFolders.id, id));
  return row ?? null;
}

/** A file of the library by id (another library's is none). */
export async function findFile(db: Db, lib: Library, id: string): Promise<FileRow | null> {
  const [row] = await selectFiles(db, lib, eq(mediaFiles.id, id));
  return row ?? null;
}

/** The library's files in any of these folders. */
export function listFilesInFolders(db: Db, lib: Library, folderIds: string[]) {
  return selectFiles(db, lib, inArray(mediaFiles.folder_id, folderIds));
}

/** The folders in `parentId` (null: at the root), by name. */
export async function listChildFolders(db: Db, lib: Library, parentId: string | null) {
  const rows = await selectFolders(
    db,
    lib,
    parentId === null
      ? isNull(mediaFolders.parent_folder_id)
      : eq(mediaFolders.parent_folder_id, parentId),
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The files in `folderId` (null: at the root). */
export function listFolderFiles(db: Db, lib: Library, folderId: string | null) {
  return selectFiles(
    db,
    lib,
    folderId === null ? isNull(mediaFiles.folder_id) : eq(mediaFiles.folder_id, folderId),
  );
}

/** The bytes the library's files take (originals). */
export async function usedBytes(db: Db, lib: Library): Promise<number> {
  const total = { bytes: sql<number>`coalesce(sum(${mediaFiles.size_bytes}), 0)::float8` };
  const [row] =
    lib.kind === 'platform'
      ? await db.unscoped(lib.scope).select(total).from(mediaFiles).where(ownedBy(lib, mediaFiles))
      : await db.scoped(lib.scope).select(total).from(mediaFiles, ownedBy(lib, mediaFiles));
  return Number(row?.bytes ?? 0);
}

/** Waits for the library's upload turn (inside a transaction): its quota is checked in turn. */
export async function lockLibrary(db: Db, lib: WritableLibrary): Promise<void> {
  // 2^40 and up: clear of the small keys of the other locks; a tenant's from its id.
  const base = 2 ** 40;
  await db.lock(
    lib.kind === 'platform' ? base : base + 1 + parseInt(lib.scope.tenantId.slice(0, 8), 16),
  );
}

/** Adds a folder to the library. */
export async function insertFolder(
  db: Db,
  lib: WritableLibrary,
  values: Omit<typeof mediaFolders.$inferInsert, 'tenant_id'>,
): Promise<FolderRow> {
  const [row] =
    lib.kind === 'platform'
      ? await db
          .unscoped(lib.scope)
          .insert(mediaFolders)
          .values({ ...values, tenant_id: null })
          .returning()
      : await db.scoped(lib.scope).insert(mediaFolders, values).returning();
  return row!;
}

/** Adds a file to the library. */
export async function insertFile(
  db: Db,
  lib: WritableLibrary,
  values: Omit<typeof mediaFiles.$inferInsert, 'tenant_id'>,
): Promise<FileRow> {
  const [row] =
    lib.kind === 'platform'
      ? await db
          .unscoped(lib.scope)
          .insert(mediaFiles)
          .values({ ...values, tenant_id: null })
          .returning()
      : await db.scoped(lib.scope).insert(mediaFiles, values).returning();
  return row!;
}

/** Sets a file's description; null when the library has no such file. */
export async function updateFileDescription(
  db: Db,
  lib: WritableLibrary,
  id: string,
  description: string | null,
): Promise<FileRow | null> {
  const where = and(ownedBy(lib, mediaFiles), eq(mediaFiles.id, id));
  const [row] =
    lib.kind === 'platform'
      ? await db
          .unscoped(lib.scope)
          .update(mediaFiles)
          .set({ description })
          .where(where)
          .returning()
      : await db.scoped(lib.scope).update(mediaFiles, { description }, where).returning();
  return row ?? null;
}

/** Deletes the library's files among `ids`; answers the rows deleted. */
export function deleteFiles(db: Db, lib: WritableLibrary, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const where = and(ownedBy(lib, mediaFiles), inArray(mediaFiles.id, ids));
  return lib.kind === 'platform'
    ? db.unscoped(lib.scope).delete(mediaFiles).where(where).returning()
    : db.scoped(lib.scope).delete(mediaFiles, where).returning();
}

/** Deletes the library's folders among `ids` (their sub-folders and files go with them). */
export async function deleteFolders(db: Db, lib: WritableLibrary, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const where = and(ownedBy(lib, mediaFolders), inArray(mediaFolders.id, ids));
  if (lib.kind === 'platform') await db.unscoped(lib.scope).delete(mediaFolders).where(where);
  else await db.scoped(lib.scope).delete(mediaFolders, where);
}

/** The ids of `folderId` and of every folder under it, in the library. */
export async function folderTree(db: Db, lib: Library, folderId: string): Promise<string[]> {
  const all = [folderId];
  let level = [folderId];
  while (level.length > 0) {
    const children = await selectFolders(db, lib, inArray(mediaFolders.parent_folder_id, level));
    level = children.map((row) => row.id);
    all.push(...level);
  }
  return all;
}

/**
 * The steps whose media name `code`: in the tenant's routes for a tenant's file, in any
 * tenant's routes for a global one (the superadmin's).
 */
export function findStepsUsing(db: Db, lib: WritableLibrary, code: string) {
  const fields = { title: routes.title, ord: steps.ord, place: steps.place };
  const uses = sql`${steps.media} @> ${JSON.stringify([{ code }])}::jsonb`;
  if (lib.kind === 'platform') {
    return db
      .unscoped(lib.scope)
      .select(fields)
      .from(steps)
      .innerJoin(routes, eq(routes.id, steps.route_id))
      .where(uses)
      .orderBy(asc(routes.title), asc(steps.ord));
  }
  const scoped = db.scoped(lib.scope);
  return scoped
    .select(fields)
    .from(steps, uses)
    .innerJoin(routes, scoped.on(routes, eq(routes.id, steps.route_id)))
    .orderBy(asc(routes.title), asc(steps.ord));
}

/** The stored objects of a tenant's library, before the tenant is deleted (the superadmin's). */
export function findTenantLibraryObjects(db: Db, scope: PlatformScope, tenantId: string) {
  return db
    .unscoped(scope)
    .select({ path: mediaFiles.storage_path, variant: mediaFiles.variant_path })
    .from(mediaFiles)
    .where(eq(mediaFiles.tenant_id, tenantId));
}

/**
 * The stored objects of the library files with these codes, in the tenant's library or the
 * global one (the scope reads both, never another tenant's); codes are unique across libraries.
 */
export function findLibraryFiles(db: Db, scope: TenantScope, codes: readonly string[]) {
  return db
    .scoped(scope)
    .select({
      code: mediaFiles.unique_code,
      path: mediaFiles.storage_path,
      variant: mediaFiles.variant_path,
    })
    .from(mediaFiles, inArray(mediaFiles.unique_code, [...codes]));
}
