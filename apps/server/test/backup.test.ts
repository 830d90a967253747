import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import type { Db } from '../src/db/db';
import { statementsOf } from '../src/db/rows';
import { gameEvents, games, mediaFolders } from '../src/db/schema';
import { PLATFORM_SCOPE } from '../src/db/scope';
import { BUCKETS, LocalDiskStorage, type StorageDriver } from '../src/infra/storage';
import { GAME_TASKS } from '../src/modules/games/games.tasks';
import { ArchiveError, writeArchive } from '../src/modules/backup/archive';
import { appliedMigrations, listTables } from '../src/modules/backup/backup.repository';
import {
  createBackup,
  type BackupResult,
  migrationsUpTo,
  RestoreRefused,
  restoreBackup,
} from '../src/modules/backup/backup.service';
import { createTestApp, type TestApp } from './helpers/app';
import { createEmptyPostgresDatabase, rawDb, TEST_DB } from './helpers/database';
import { makeTenantWithSampleRoute } from './helpers/factories';
import { startTeam } from './helpers/team';
import { createTempDir } from './helpers/temp-dir';

// Issue 32, item 1 (decision 0077): one archive with the database and every file, restored into
// an empty database of either engine (PGlite → PGlite and PGlite → PostgreSQL in the embedded
// run, PostgreSQL → both in the PostgreSQL one) with the same rows, scores and file hashes.

/** Every table's rows, every game's score and every file's hash: what a restore must keep. */
async function fingerprint(db: Db, storage: StorageDriver) {
  const run = statementsOf(db.unscoped(PLATFORM_SCOPE));
  const rows: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [row] = await run<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table.name)}`,
    );
    rows[table.name] = row?.n ?? 0;
  }
  const scores = await run<{ id: string; total_score: number; ledger: number }>(
    sql`select g.id, g.total_score,
      (select coalesce(sum(e.points), 0)::int from game_events e where e.game_id = g.id) as ledger
      from games g order by g.id`,
  );
  const files: Record<string, string> = {};
  for (const bucket of BUCKETS) {
    for await (const { key } of storage.list(bucket)) {
      const object = await storage.get(bucket, key);
      const bytes = object ? await buffer(object.body) : Buffer.alloc(0);
      files[`${bucket}/${key}|${object?.contentType}`] = createHash('sha256')
        .update(bytes)
        .digest('hex');
    }
  }
  return { rows, scores, files };
}

/** An empty database of `engine`, not migrated, with its removal. */
async function emptyDatabase(
  engine: 'pglite' | 'postgres',
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: null, tasks: GAME_TASKS });
    return { database, close: () => database.close() };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: null, tasks: GAME_TASKS });
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

describe(`backup and restore from ${TEST_DB}`, () => {
  let t: TestApp;
  let storage: LocalDiskStorage;
  let backups: { path: string; remove: () => Promise<void> };
  let plain: BackupResult;
  let source: Awaited<ReturnType<typeof fingerprint>>;
  const SECRET = 'a-backup-secret-of-at-least-32-characters';

  beforeAll(async () => {
    t = await createTestApp();
    backups = await createTempDir('backups');
    storage = new LocalDiskStorage({ rootDir: path.join(t.dataDir, 'files'), publicBaseUrl: '' });
    const db = t.database.db;
    const { tenant, route } = await makeTenantWithSampleRoute(db);
    // Three teams in play: right and wrong tries and a skip (the ledger and the steps).
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
      const team = await startTeam(t.app, { slug: tenant.slug, email });
      const { steps } = await team.state();
      await team.submit(steps[0]!.id, { answer: 'wrong' });
      if (email !== 'c@example.org') await team.submit(steps[0]!.id, { answer: '1762' });
      if (email === 'a@example.org') await team.skip(steps[1]!.id);
    }
    // Rows that reference their own table: an undone adjustment, a folder in a folder.
    const [game] = await rawDb(db).select().from(games).limit(1);
    const [adjustment] = await rawDb(db)
      .insert(gameEvents)
      .values({
        tenant_id: tenant.id,
        route_id: route.id,
        game_id: game!.id,
        kind: 'adjustment',
        points: 5,
        reason: 'Foto più bella',
        at: new Date(),
      })
      .returning();
    await rawDb(db).insert(gameEvents).values({
      tenant_id: tenant.id,
      route_id: route.id,
      game_id: game!.id,
      kind: 'adjustment',
      points: -5,
      reason: 'Annullato',
      undoes_id: adjustment!.id,
      at: new Date(),
    });
    const [parent] = await rawDb(db)
      .insert(mediaFolders)
      .values({ tenant_id: tenant.id, name: 'Foto', path: '/Foto' })
      .returning();
    await rawDb(db).insert(mediaFolders).values({
      tenant_id: tenant.id,
      parent_folder_id: parent!.id,
      name: 'Piazze',
      path: '/Foto/Piazze',
    });
    // Files in every shape: a large binary, a small one, a key deep in folders.
    await storage.put({
      bucket: 'media-library',
      key: `${tenant.id}/big.bin`,
      body: randomBytes(300_000),
      contentType: 'application/octet-stream',
    });
    await storage.put({
      bucket: 'game-photos',
      key: `${tenant.id}/g/${'x'.repeat(120)}.jpg`,
      body: Buffer.from('jpeg bytes'),
      contentType: 'image/jpeg',
    });
    source = await fingerprint(db, storage);
    plain = await createBackup({
      database: t.database,
      storage,
      dir: backups.path,
      secret: null,
      now: new Date('2026-11-28T03:00:00Z'),
    });
  });
  afterAll(async () => {
    await t.close();
    await backups.remove();
  });

  it('writes one archive with a manifest: schema, counts, every file', () => {
    expect(path.basename(plain.path)).toBe('tappa-backup-2026-11-28T03-00-00-000Z.tar.gz');
    expect(plain.manifest).toMatchObject({
      format: 'tappa-backup',
      version: 1,
      database: { driver: TEST_DB },
      counts: { tenants: 1, teams: 3, games: 3, files: 2, file_bytes: 300_010 },
    });
    expect(plain.manifest.schema_version).toBeGreaterThan(0);
    expect(plain.manifest.tables.find((table) => table.name === 'game_events')?.rows).toBe(
      source.rows.game_events,
    );
  });

  for (const engine of ['pglite', 'postgres'] as const) {
    it(`restores into an empty ${engine} database: the same rows, scores and files`, async () => {
      const target = await emptyDatabase(engine);
      const files = await createTempDir('restored-files');
      try {
        const restoredStorage = new LocalDiskStorage({ rootDir: files.path, publicBaseUrl: '' });
        const result = await restoreBackup({
          database: target.database,
          storage: restoredStorage,
          file: plain.path,
          secret: null,
        });
        expect(result.files).toBe(2);
        const restored = await fingerprint(target.database.db, restoredStorage);
        expect(restored).toEqual(source);
        for (const score of restored.scores) expect(score.total_score).toBe(score.ledger);
        // The identity sequences go on after the restored rows.
        const [game] = await rawDb(target.database.db).select().from(games).limit(1);
        const [next] = await rawDb(target.database.db)
          .insert(gameEvents)
          .values({
            tenant_id: game!.tenant_id,
            route_id: game!.route_id,
            game_id: game!.id,
            kind: 'pause',
            at: new Date(),
          })
          .returning();
        const [max] = await statementsOf(rawDb(target.database.db))<{ n: number }>(
          sql`select max(id)::float8 as n from game_events where id <> ${next!.id}`,
        );
        expect(next!.id).toBeGreaterThan(max!.n);

        // A second restore into it is refused and changes nothing.
        await expect(
          restoreBackup({
            database: target.database,
            storage: restoredStorage,
            file: plain.path,
            secret: null,
          }),
        ).rejects.toThrow(RestoreRefused);
        const [count] = await rawDb(target.database.db)
          .select({ n: sql<number>`count(*)::int` })
          .from(games)
          .where(eq(games.tenant_id, game!.tenant_id));
        expect(count!.n).toBe(3);
      } finally {
        await target.close();
        await files.remove();
      }
    });
  }

  it('refuses a damaged or truncated archive, or another file, and writes nothing', async () => {
    const bytes = await readFile(plain.path);
    const damaged = path.join(backups.path, 'damaged.tar.gz');
    const flipped = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 2);
    flipped[at] = flipped[at]! ^ 0xff;
    await writeFile(damaged, flipped);
    const truncated = path.join(backups.path, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, bytes.length - 200));
    const target = await emptyDatabase('pglite');
    try {
      for (const file of [damaged, truncated]) {
        await expect(
          restoreBackup({ database: target.database, storage, file, secret: null }),
        ).rejects.toThrow(ArchiveError);
      }
      await expect(
        restoreBackup({
          database: target.database,
          storage,
          file: fileURLToPath(import.meta.url),
          secret: null,
        }),
      ).rejects.toThrow('The file is not a Tappa backup (not a gzipped archive).');
      expect(await appliedMigrations(target.database.db)).toBe(0);
    } finally {
      await target.close();
    }
  });

  it("refuses a well-formed archive whose file no longer matches the manifest's checksum", async () => {
    // gzip's own check passes: the archive was opened, changed and compressed again.
    const tar = gunzipSync(await readFile(plain.path));
    const at = tar.indexOf('jpeg bytes');
    expect(at).toBeGreaterThan(0);
    tar.write('JPEG BYTES', at);
    const tampered = path.join(backups.path, 'tampered.tar.gz');
    await writeFile(tampered, gzipSync(tar));
    const target = await emptyDatabase('pglite');
    try {
      await expect(
        restoreBackup({ database: target.database, storage, file: tampered, secret: null }),
      ).rejects.toThrow(/does not match its checksum/);
      expect(await appliedMigrations(target.database.db)).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('encrypts with the key from the environment, and opens only with it', async () => {
    const dir = await createTempDir('encrypted');
    const target = await emptyDatabase('pglite');
    const files = await createTempDir('encrypted-files');
    try {
      const encrypted = await createBackup({
        database: t.database,
        storage,
        dir: dir.path,
        secret: SECRET,
        now: new Date('2026-11-28T04:00:00Z'),
      });
      expect(encrypted.path.endsWith('.tar.gz.enc')).toBe(true);
      // No readable text of the database in the file.
      expect((await readFile(encrypted.path)).includes('Foto più bella')).toBe(false);
      const restoredStorage = new LocalDiskStorage({ rootDir: files.path, publicBaseUrl: '' });
      const restore = (secret: string | null) =>
        restoreBackup({
          database: target.database,
          storage: restoredStorage,
          file: encrypted.path,
          secret,
        });
      await expect(restore(null)).rejects.toThrow(/BACKUP_ENCRYPTION_KEY/);
      await expect(restore('another-secret-of-at-least-32-characters')).rejects.toThrow(
        ArchiveError,
      );
      expect(await appliedMigrations(target.database.db)).toBe(0);
      await restore(SECRET);
      expect(await fingerprint(target.database.db, restoredStorage)).toEqual(source);
    } finally {
      await target.close();
      await files.remove();
      await dir.remove();
    }
  });

  it('restores a backup of the schema before this one and brings it up to date', async () => {
    const older = await emptyDatabase('pglite');
    const target = await emptyDatabase('pglite');
    const dir = await createTempDir('older');
    try {
      const previous = plain.manifest.schema_version - 1;
      const migrations = await migrationsUpTo(previous);
      await older.database.migrate(migrations.folder);
      await migrations.remove();
      // By hand: the schema's insert would name the columns of this release, not of the older one.
      await rawDb(older.database.db).execute(
        sql`insert into tenants (slug, name, company_name) values ('older', 'Older', 'Older srl')`,
      );
      const backup = await createBackup({
        database: older.database,
        storage,
        dir: dir.path,
        secret: null,
        now: new Date('2026-11-28T05:00:00Z'),
      });
      expect(backup.manifest.schema_version).toBe(previous);
      await restoreBackup({ database: target.database, storage, file: backup.path, secret: null });
      expect(await appliedMigrations(target.database.db)).toBe(previous + 1);
      expect((await fingerprint(target.database.db, storage)).rows.tenants).toBe(1);
    } finally {
      await older.close();
      await target.close();
      await dir.remove();
    }
  });

  it('refuses an archive of a newer schema', async () => {
    const file = path.join(backups.path, 'newer.tar.gz');
    const archive = writeArchive(file, null, new Date());
    await archive.finish({
      ...plain.manifest,
      schema_version: plain.manifest.schema_version + 1,
      tables: [],
      files: [],
    });
    const target = await emptyDatabase('pglite');
    try {
      await expect(
        restoreBackup({ database: target.database, storage, file, secret: null }),
      ).rejects.toThrow(/newer Tappa/);
      expect(await appliedMigrations(target.database.db)).toBe(0);
    } finally {
      await target.close();
    }
  });
});
