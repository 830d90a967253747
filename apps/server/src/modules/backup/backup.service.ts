import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { Db } from '../../db/db';
import { MIGRATIONS_DIR } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { APP_VERSION } from '../../version';
import { BUCKETS, type Bucket, type StorageDriver } from '../../infra/storage';
import {
  ArchiveError,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type Manifest,
  MANIFEST,
  readArchive,
  verifyArchive,
  writeArchive,
} from './archive';
import {
  appliedMigrations,
  insertRows,
  listTables,
  nonEmptyTables,
  resetIdentities,
  setSelfReferences,
  type TableShape,
  withSnapshot,
} from './backup.repository';
import { aloneOnDatabase, hasSlotArchive, pruneBackups } from './backup-schedule';
import type { BackupStore } from './backup-store';

// Backup and restore (issue 32, decision 0077): one archive with the database, every stored file
// and a manifest; restored into an empty database of either engine, the files into either
// storage.

/** The tables a manifest counts for people (besides every table's rows). */
const COUNTED = { tenants: 'tenants', teams: 'team_registrations', games: 'games' } as const;

/** The migrations this code applies (the journal of `MIGRATIONS_DIR`). */
async function journal(): Promise<{ entries: unknown[] }> {
  return JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
}

const pageName = (table: string, page: number) =>
  `database/${table}/${String(page).padStart(6, '0')}.jsonl`;
const fileName = (bucket: Bucket, key: string) => `files/${bucket}/${key}`;

/** What a backup made. */
export interface BackupResult {
  path: string;
  /** The manifest written (its entries are in the archive). */
  manifest: Omit<Manifest, 'entries'>;
  bytes: number;
}

/**
 * Writes a backup of everything into `dir` (created if missing) as
 * `tappa-backup-<time>.tar.gz[.enc]`: the database from one consistent snapshot (which on PGlite
 * holds the others only while the tables are copied), then every stored file. The archive is
 * written beside its final name and renamed once complete, so a listed backup is whole.
 */
export async function createBackup(opts: {
  database: DatabaseHandle;
  storage: StorageDriver;
  dir: string;
  secret: string | null;
  now: Date;
}): Promise<BackupResult> {
  const { database, storage, now } = opts;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `tappa-backup-${stamp}.tar.gz${opts.secret ? '.enc' : ''}`;
  const final = path.join(opts.dir, name);
  const partial = path.join(opts.dir, `.${name}.partial`);
  await mkdir(opts.dir, { recursive: true });
  const archive = writeArchive(partial, opts.secret, now);
  try {
    const tables = await listTables(database.db);
    const schemaVersion = await appliedMigrations(database.db);
    const rows = await withSnapshot(database, tables, async (rowsOf) => {
      const counted: { name: string; rows: number }[] = [];
      for (const table of tables) {
        let count = 0;
        let page = 0;
        for await (const lines of rowsOf(table)) {
          const text = Buffer.from(`${lines.join('\n')}\n`);
          await archive.add(pageName(table.name, (page += 1)), text.length, text);
          count += lines.length;
        }
        counted.push({ name: table.name, rows: count });
      }
      return counted;
    });
    const files: Manifest['files'] = [];
    for (const bucket of BUCKETS) {
      for await (const listed of storage.list(bucket)) {
        const object = await storage.get(bucket, listed.key);
        // Deleted since it was listed: not in the backup.
        if (!object) continue;
        await archive.add(fileName(bucket, listed.key), object.sizeBytes, object.body);
        files.push({
          bucket,
          key: listed.key,
          content_type: object.contentType,
          size: object.sizeBytes,
        });
      }
    }
    const rowsOf = (table: string) => rows.find((t) => t.name === table)?.rows ?? 0;
    const manifest: Omit<Manifest, 'entries'> = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: now.toISOString(),
      app_version: APP_VERSION,
      schema_version: schemaVersion,
      database: { driver: database.driver },
      tables: rows,
      files,
      counts: {
        tenants: rowsOf(COUNTED.tenants),
        teams: rowsOf(COUNTED.teams),
        games: rowsOf(COUNTED.games),
        files: files.length,
        file_bytes: files.reduce((sum, file) => sum + file.size, 0),
      },
    };
    await archive.finish(manifest);
    await rename(partial, final);
    const { size } = await stat(final);
    return { path: final, manifest, bytes: size };
  } catch (err) {
    archive.abort(err instanceof Error ? err : new Error(String(err)));
    await rm(partial, { force: true });
    throw err;
  }
}

/** What `writeBackup` made: the archive as kept, where it is, and its manifest. */
export interface KeptBackup {
  name: string;
  /** Where it is, for people (a path, or an `s3://` address). */
  where: string;
  manifest: BackupResult['manifest'];
  bytes: number;
}

/** Writes a backup (`createBackup`) into the store's scratch folder, then has the store keep it. */
export async function writeBackup(opts: {
  database: DatabaseHandle;
  storage: StorageDriver;
  store: BackupStore;
  secret: string | null;
  now: Date;
}): Promise<KeptBackup> {
  const { store } = opts;
  const written = await createBackup({ ...opts, dir: store.scratchDir });
  await store.keep(written.path);
  const name = path.basename(written.path);
  return { name, where: store.where(name), manifest: written.manifest, bytes: written.bytes };
}

/**
 * The daily backup of the slot `slot`: written unless another instance is writing it
 * (`aloneOnDatabase`) or already wrote it (`hasSlotArchive`: instances whose runs did not
 * overlap write one archive a day, not one each), then the archives beyond `BACKUP_KEEP`
 * removed; logged either way. Answers what it wrote (null: another instance wrote it).
 */
export async function runScheduledBackup(opts: {
  database: DatabaseHandle;
  storage: StorageDriver;
  store: BackupStore;
  config: Pick<AppConfig, 'backupEncryptionKey' | 'backupKeep'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info'>;
  slot: Date;
}): Promise<KeptBackup | null> {
  const { database, storage, store, config, clock, logger } = opts;
  let written: KeptBackup | null = null;
  await aloneOnDatabase(database, async () => {
    if (await hasSlotArchive(store, opts.slot)) return;
    const kept = await writeBackup({
      database,
      storage,
      store,
      secret: config.backupEncryptionKey,
      now: clock.now(),
    });
    const removed = await pruneBackups(store, config.backupKeep);
    logger.info(
      { where: kept.where, bytes: kept.bytes, counts: kept.manifest.counts, removed },
      'scheduled backup written',
    );
    written = kept;
  });
  if (!written) logger.info('scheduled backup: another instance is writing it or wrote it');
  return written;
}

/**
 * The rows of one table being restored, page after page (JSON lines), inside the restore's
 * transaction; at its end the rows' references to the same table and its identity sequences.
 */
class TableLoad {
  /** The rows that reference others of the table: set once every row is there. */
  private readonly selfRows: string[] = [];

  constructor(
    private readonly tx: Db,
    readonly table: TableShape,
  ) {}

  /** Inserts one page; answers its rows. */
  async add(page: string): Promise<number> {
    const lines = page.split('\n').filter(Boolean);
    await insertRows(this.tx, this.table, lines);
    const { selfReferences } = this.table;
    if (selfReferences.length > 0) {
      for (const line of lines) {
        const row = JSON.parse(line) as Record<string, unknown>;
        if (selfReferences.some((column) => row[column] != null)) this.selfRows.push(line);
      }
    }
    return lines.length;
  }

  async finish(): Promise<void> {
    for (let at = 0; at < this.selfRows.length; at += 1000) {
      await setSelfReferences(this.tx, this.table, this.selfRows.slice(at, at + 1000));
    }
    await resetIdentities(this.tx, this.table);
  }
}

/** Why a restore was refused before anything was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** A copy of the migrations with only the first `count` of them (a restore of an older backup). */
export async function migrationsUpTo(
  count: number,
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tappa-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const file = path.join(folder, 'meta', '_journal.json');
  const whole = JSON.parse(await readFile(file, 'utf8')) as { entries: unknown[] };
  await writeFile(file, JSON.stringify({ ...whole, entries: whole.entries.slice(0, count) }));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** What a restore did. */
export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores the archive at `file` into `database` and `storage`: checks the whole archive first
 * (its manifest, every entry's checksum, the key), refuses an archive of a newer schema than
 * this code's and a database that is not empty, then brings the database to the archive's
 * schema, loads every table in one transaction with the files, and applies the newer migrations.
 * Anything refused or failed before the commit leaves the database as it was.
 */
export async function restoreBackup(opts: {
  database: DatabaseHandle;
  storage: StorageDriver;
  file: string;
  secret: string | null;
}): Promise<RestoreResult> {
  const { database, storage } = opts;
  const manifest = await verifyArchive(opts.file, opts.secret);
  const known = (await journal()).entries.length;
  if (manifest.schema_version > known) {
    throw new RestoreRefused(
      `The backup comes from a newer Tappa (schema ${manifest.schema_version}, this one knows ${known}): upgrade first, then restore.`,
    );
  }
  const applied = await appliedMigrations(database.db);
  if (applied > 0) {
    const filled = await nonEmptyTables(database.db, await listTables(database.db));
    if (filled.length > 0) {
      throw new RestoreRefused(
        `The database is not empty (${filled
          .slice(0, 3)
          .map((t) => `${t.name}: ${t.rows} rows`)
          .join(
            ', ',
          )}${filled.length > 3 ? ', …' : ''}): restore into a new DATA_DIR or an empty PostgreSQL database.`,
      );
    }
    if (applied > manifest.schema_version) {
      throw new RestoreRefused(
        `The database already has a newer schema (${applied}) than the backup (${manifest.schema_version}): restore into a new DATA_DIR or an empty PostgreSQL database.`,
      );
    }
  }
  const older = await migrationsUpTo(manifest.schema_version);
  try {
    await database.migrate(older.folder);
  } finally {
    await older.remove();
  }
  const tables = new Map((await listTables(database.db)).map((table) => [table.name, table]));
  const filesByName = new Map(
    manifest.files.map((f) => [fileName(f.bucket as Bucket, f.key), f] as const),
  );
  let rows = 0;
  let files = 0;
  await database.db.transaction(async (tx) => {
    let load = null as TableLoad | null;
    for await (const entry of readArchive(opts.file, opts.secret)) {
      if (entry.name === MANIFEST) continue;
      if (entry.name.startsWith('database/')) {
        const name = entry.name.split('/')[1] ?? '';
        const table = tables.get(name);
        if (!table) {
          throw new ArchiveError(`The backup has rows of ${name}, a table this schema lacks.`);
        }
        if (load?.table !== table) {
          await load?.finish();
          load = new TableLoad(tx, table);
        }
        rows += await load.add((await buffer(entry.body)).toString('utf8'));
        continue;
      }
      await load?.finish();
      load = null;
      const file = filesByName.get(entry.name);
      if (!file) throw new ArchiveError(`The backup holds ${entry.name}, unlisted.`);
      await storage.put({
        bucket: file.bucket as Bucket,
        key: file.key,
        body: await buffer(entry.body),
        contentType: file.content_type,
      });
      files += 1;
    }
    await load?.finish();
  });
  await database.migrate();
  return { manifest, tables: manifest.tables.length, rows, files };
}
