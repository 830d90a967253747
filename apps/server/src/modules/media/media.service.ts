import type { MediaItem } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { StorageDriver } from '../../infra/storage/storage';
import { findLibraryFiles } from './media.repository';

/**
 * Step media as players see them: an item naming a media-library file by its `unique_code` gets
 * that file's URL, looked up in the tenant's library or the global one. An item whose code is
 * unknown (or another tenant's) and that has no URL of its own is left out. One query per call.
 */
export async function resolveMediaCodes(
  deps: { db: Db; storage: StorageDriver },
  scope: TenantScope,
  lists: MediaItem[][],
): Promise<MediaItem[][]> {
  const codes = [...new Set(lists.flat().flatMap((m) => (m.code ? [m.code] : [])))];
  const paths = new Map<string, string>();
  if (codes.length > 0) {
    for (const row of await findLibraryFiles(deps.db, scope, codes)) paths.set(row.code, row.path);
  }
  return lists.map((media) =>
    media.flatMap(({ code, ...item }) => {
      const path = code ? paths.get(code) : undefined;
      const url = path ? deps.storage.publicUrl('media-library', path) : item.url;
      return url === '' ? [] : [{ ...item, url }];
    }),
  );
}
