import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_NAME } from '@tappa/contracts';

// The archives of the backup folder (`BACKUP_DIR`, decision 0077) as the superadmin's Backup
// panel and the daily schedule see them (decision 0078).

/** An archive of the folder. */
export interface StoredBackup {
  name: string;
  bytes: number;
  createdAt: Date;
  encrypted: boolean;
}

/** `tappa-backup-2026-11-28T03-00-00-000Z…`: the time `createBackup` wrote into the name. */
const NAME_TIME = /^tappa-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/;

/** When the archive was written: from its name, else the file's own time. */
function writtenAt(name: string, modified: Date): Date {
  const [, day, hours, minutes, seconds, ms] = NAME_TIME.exec(name) ?? [];
  if (day === undefined) return modified;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? modified : at;
}

/** The archives of `dir`, newest first (none when the folder does not exist yet). */
export async function listBackups(dir: string): Promise<StoredBackup[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
    BACKUP_NAME.test(name),
  );
  const found: StoredBackup[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    // Removed since it was listed.
    if (!info?.isFile()) continue;
    found.push({
      name,
      bytes: info.size,
      createdAt: writtenAt(name, info.mtime),
      encrypted: name.endsWith('.enc'),
    });
  }
  return found.sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name),
  );
}

/** The archive `name` of `dir` to read, or null when there is none by that name. */
export async function openBackup(
  dir: string,
  name: string,
): Promise<{ body: Readable; bytes: number } | null> {
  if (!BACKUP_NAME.test(name)) return null;
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { body: createReadStream(file), bytes: info.size };
}

/** Removes the archive `name` of `dir`; answers whether there was one. */
export async function removeBackup(dir: string, name: string): Promise<boolean> {
  if (!BACKUP_NAME.test(name)) return false;
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  await rm(file, { force: true });
  return true;
}
