import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BACKUP_NAME } from '@tappa/contracts';
import type { AppConfig } from '../../config';
import { ensureS3Bucket, isMissingObject, loadS3Client } from '../../infra/storage/s3.storage';

// Where the archives are kept (decisions 0077, 0078): the backup folder (`BACKUP_DIR`), or an
// S3 bucket of their own (`BACKUP_S3_BUCKET`). The command, the daily backup and the superadmin's
// Backup panel all go through it.

/** An archive that is kept. */
export interface StoredBackup {
  name: string;
  bytes: number;
  createdAt: Date;
  encrypted: boolean;
}

/** The archives, wherever they are kept. */
export interface BackupStore {
  readonly target: 'folder' | 's3';
  /** Where an archive is written before `keep` takes it (the folder itself for a folder). */
  readonly scratchDir: string;
  /** Takes the finished archive at `file` (in `scratchDir`): after it, `list` shows it. */
  keep(file: string): Promise<void>;
  /** The archives, newest first. */
  list(): Promise<StoredBackup[]>;
  /** The archive `name` to read, or null when there is none by that name. */
  open(name: string): Promise<{ body: Readable; bytes: number } | null>;
  /** Removes the archive `name`; answers whether there was one. */
  remove(name: string): Promise<boolean>;
  /** Where the archive `name` is, for people (a path, or an `s3://` address). */
  where(name: string): string;
  close(): Promise<void>;
}

/** `tappa-backup-2026-11-28T03-00-00-000Z…`: the time `createBackup` wrote into the name. */
const NAME_TIME = /^tappa-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/;

/** An archive as listed: when it was written (from its name, else the store's own time). */
function stored(name: string, bytes: number, modified: Date): StoredBackup {
  const [, day, hours, minutes, seconds, ms] = NAME_TIME.exec(name) ?? [];
  const named = day === undefined ? null : new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
  const createdAt = named && !Number.isNaN(named.getTime()) ? named : modified;
  return { name, bytes, createdAt, encrypted: name.endsWith('.enc') };
}

const newestFirst = (a: StoredBackup, b: StoredBackup) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name);

/** The archives of a folder of this machine. */
export function folderBackups(dir: string): BackupStore {
  const fileOf = async (name: string) => {
    if (!BACKUP_NAME.test(name)) return null;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? { file, bytes: info.size } : null;
  };
  return {
    target: 'folder',
    scratchDir: dir,
    keep: async () => undefined,
    list: async () => {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
        BACKUP_NAME.test(name),
      );
      const found: StoredBackup[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        // Removed since it was listed.
        if (info?.isFile()) found.push(stored(name, info.size, info.mtime));
      }
      return found.sort(newestFirst);
    },
    open: async (name) => {
      const found = await fileOf(name);
      return found && { body: createReadStream(found.file), bytes: found.bytes };
    },
    remove: async (name) => {
      const found = await fileOf(name);
      if (!found) return false;
      await rm(found.file, { force: true });
      return true;
    },
    where: (name) => path.join(dir, name),
    close: async () => undefined,
  };
}

/**
 * The archives of an S3 bucket (under a key prefix): written in `scratchDir` first, uploaded
 * whole, then removed there. The bucket is created when missing.
 */
export function s3Backups(
  options: NonNullable<AppConfig['backupS3']>,
  scratchDir: string,
): BackupStore {
  const loaded = loadS3Client(options).then(async (s3) => {
    await ensureS3Bucket(s3.sdk, s3.client, options.bucket);
    return s3;
  });
  loaded.catch(() => undefined);
  const Bucket = options.bucket;
  const keyOf = (name: string) => `${options.prefix}${name}`;
  return {
    target: 's3',
    scratchDir,
    keep: async (file) => {
      const { sdk, client } = await loaded;
      const { size } = await stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(path.basename(file)),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
      await rm(file, { force: true });
    },
    list: async () => {
      const { sdk, client } = await loaded;
      const found: StoredBackup[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket,
            Prefix: options.prefix,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(options.prefix.length) ?? '';
          if (!BACKUP_NAME.test(name)) continue;
          found.push(stored(name, object.Size ?? 0, object.LastModified ?? new Date(0)));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort(newestFirst);
    },
    open: async (name) => {
      if (!BACKUP_NAME.test(name)) return null;
      const { sdk, client } = await loaded;
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!(result.Body instanceof Readable)) return null;
        return { body: result.Body, bytes: result.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(sdk, error)) return null;
        throw error;
      }
    },
    remove: async (name) => {
      if (!BACKUP_NAME.test(name)) return false;
      const { sdk, client } = await loaded;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(name) }));
      } catch (error) {
        if (isMissingObject(sdk, error)) return false;
        throw error;
      }
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
      return true;
    },
    where: (name) => `s3://${Bucket}/${keyOf(name)}`,
    close: async () => {
      const s3 = await loaded.catch(() => null);
      s3?.client.destroy();
    },
  };
}

/** The store the configuration names: the S3 bucket when `BACKUP_S3_BUCKET` is set. */
export async function openBackupStore(
  config: Pick<AppConfig, 'backupDir' | 'backupS3'>,
): Promise<BackupStore> {
  await mkdir(config.backupDir, { recursive: true });
  return config.backupS3
    ? s3Backups(config.backupS3, config.backupDir)
    : folderBackups(config.backupDir);
}
