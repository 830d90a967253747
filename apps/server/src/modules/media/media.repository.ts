import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { mediaFiles } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/**
 * The storage paths of the library files with these codes, in the tenant's library or the
 * global one (the scope reads both, never another tenant's); codes are unique across libraries.
 */
export function findLibraryFiles(db: Db, scope: TenantScope, codes: readonly string[]) {
  return db
    .scoped(scope)
    .select({ code: mediaFiles.unique_code, path: mediaFiles.storage_path })
    .from(mediaFiles, inArray(mediaFiles.unique_code, [...codes]));
}
