import { createWriteStream } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../src/config';
import { LocalDiskStorage } from '../src/infra/storage';
import {
  aloneOnDatabase,
  delayUntil,
  pruneBackups,
  scheduleBackups,
} from '../src/modules/backup/backup-schedule';
import { runScheduledBackup } from '../src/modules/backup/backup.service';
import { type BackupStore, folderBackups, s3Backups } from '../src/modules/backup/backup-store';
import { verifyArchive } from '../src/modules/backup/archive';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { makeTenant } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { startS3Stub } from './helpers/s3rver';
import { createTempDir } from './helpers/temp-dir';

// Issue 32, item 1 (decision 0077): a backup every day at BACKUP_TIME (UTC), the last
// BACKUP_KEEP kept, written by one instance only.

const at = (iso: string) => Date.parse(iso);

describe('the daily backup time', () => {
  it('is today when it is still to come, else tomorrow', () => {
    const three = { hour: 3, minute: 0 };
    expect(delayUntil(at('2026-11-28T02:59:00Z'), three)).toBe(60_000);
    expect(delayUntil(at('2026-11-28T03:00:00Z'), three)).toBe(24 * 3_600_000);
    expect(delayUntil(at('2026-11-28T12:00:00Z'), three)).toBe(15 * 3_600_000);
    expect(delayUntil(at('2026-11-28T23:59:30Z'), { hour: 0, minute: 0 })).toBe(30_000);
  });

  it('reads BACKUP_TIME and BACKUP_KEEP, on by default and off on request', () => {
    expect(loadConfig({}).backupTime).toEqual({ hour: 3, minute: 0 });
    expect(loadConfig({}).backupKeep).toBe(14);
    expect(loadConfig({ BACKUP_TIME: '21:45', BACKUP_KEEP: '3' })).toMatchObject({
      backupTime: { hour: 21, minute: 45 },
      backupKeep: 3,
    });
    expect(loadConfig({ BACKUP_TIME: 'off' }).backupTime).toBeNull();
    expect(() => loadConfig({ BACKUP_TIME: '25:00' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe(`the daily backup on ${TEST_DB}`, () => {
  let database: TestDatabase;
  let dir: { path: string; remove: () => Promise<void> };
  let files: { path: string; remove: () => Promise<void> };
  let config: Pick<AppConfig, 'backupEncryptionKey' | 'backupKeep'>;
  let store: BackupStore;
  const logged: string[] = [];
  const logger = {
    info: (...args: unknown[]) => void logged.push(String(args.at(-1))),
    error: (...args: unknown[]) => void logged.push(`error: ${String(args.at(-1))}`),
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await makeTenant(database.db);
    dir = await createTempDir('daily');
    files = await createTempDir('daily-files');
    config = { backupEncryptionKey: null, backupKeep: 3 };
    store = folderBackups(dir.path);
  });
  afterAll(async () => {
    await database.close();
    await dir.remove();
    await files.remove();
  });

  const archives = async () =>
    (await readdir(dir.path)).filter((name) => name.startsWith('tappa-backup-')).sort();

  it('writes a backup at the time each day and keeps the newest BACKUP_KEEP', async () => {
    // Older archives already there (and a file that is none of them, which stays).
    for (const day of ['20', '21', '22']) {
      await writeFile(path.join(dir.path, `tappa-backup-2026-11-${day}T03-00-00-000Z.tar.gz`), '');
    }
    await writeFile(path.join(dir.path, 'notes.txt'), 'mine');
    const clock = new ManualClock(at('2026-11-28T02:00:00Z'));
    const storage = new LocalDiskStorage({ rootDir: files.path, publicBaseUrl: '' });
    const schedule = scheduleBackups({
      at: { hour: 3, minute: 0 },
      clock,
      logger,
      run: async (slot) =>
        void (await runScheduledBackup({ database, storage, store, config, clock, logger, slot })),
    });
    try {
      clock.advance(59 * 60_000);
      await schedule.idle();
      expect(await archives()).toHaveLength(3);
      clock.advance(60_000);
      await schedule.idle();
      expect(await archives()).toEqual([
        'tappa-backup-2026-11-21T03-00-00-000Z.tar.gz',
        'tappa-backup-2026-11-22T03-00-00-000Z.tar.gz',
        'tappa-backup-2026-11-28T03-00-00-000Z.tar.gz',
      ]);
      expect(logged).toContain('scheduled backup written');
      // A second instance whose run comes after this one ended writes no second archive.
      const later = new ManualClock(at('2026-11-28T03:02:00Z'));
      const slot = new Date(at('2026-11-28T03:00:00Z'));
      const again = { database, storage, store, config, clock: later, logger, slot };
      expect(await runScheduledBackup(again)).toBeNull();
      expect(await archives()).toHaveLength(3);
      // The next day, at the same time.
      clock.advance(24 * 3_600_000);
      await schedule.idle();
      expect((await archives()).at(-1)).toBe('tappa-backup-2026-11-29T03-00-00-000Z.tar.gz');
      expect(await readdir(dir.path)).toContain('notes.txt');
    } finally {
      schedule.stop();
    }
  });

  it.runIf(TEST_DB === 'postgres')(
    'is written by one instance when two run it at once',
    async () => {
      let runs = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = aloneOnDatabase(database, async () => {
        runs += 1;
        await held;
      });
      // The second instance tries while the first one works: it skips.
      await expect.poll(() => runs).toBe(1);
      expect(await aloneOnDatabase(database, async () => void (runs += 1))).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(runs).toBe(1);
      // Once the first is done, the next day's run may be anyone's.
      expect(await aloneOnDatabase(database, async () => void (runs += 1))).toBe(true);
    },
  );

  it('keeps only archives it wrote when it prunes', async () => {
    expect(await pruneBackups(store, 1)).toHaveLength(2);
    expect((await readdir(dir.path)).sort()).toEqual([
      'notes.txt',
      'tappa-backup-2026-11-29T03-00-00-000Z.tar.gz',
    ]);
  });
});

describe(`the daily backup into an S3 bucket on ${TEST_DB}`, () => {
  it('reads BACKUP_S3_BUCKET with the S3 service of S3_*, never the files bucket', () => {
    const keys = {
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'http://s3.test',
    };
    expect(
      loadConfig({ ...keys, BACKUP_S3_BUCKET: 'archives', BACKUP_S3_PREFIX: '/tappa/' }).backupS3,
    ).toEqual({
      endpoint: 'http://s3.test',
      region: 'us-east-1',
      bucket: 'archives',
      accessKeyId: 'k',
      secretAccessKey: 's',
      prefix: 'tappa/',
    });
    expect(loadConfig({}).backupS3).toBeNull();
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'archives' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...keys, S3_BUCKET: 'files', BACKUP_S3_BUCKET: 'files' })).toThrow(
      /must not be the files bucket/,
    );
  });

  it('keeps each archive in the bucket, whole, and prunes there', async () => {
    const s3 = await startS3Stub('tappa-files');
    const database = await createTestDatabase();
    const scratch = await createTempDir('daily-scratch');
    const files = await createTempDir('daily-s3-files');
    const config = loadConfig({
      ...s3.env,
      BACKUP_S3_BUCKET: 'tappa-backups',
      BACKUP_S3_PREFIX: 'daily',
    });
    const store = s3Backups(config.backupS3!, scratch.path);
    try {
      await makeTenant(database.db);
      const storage = new LocalDiskStorage({ rootDir: files.path, publicBaseUrl: '' });
      const clock = new ManualClock(at('2026-11-28T03:00:00Z'));
      const logger = { info: () => undefined };
      const settings = { backupEncryptionKey: null, backupKeep: 2 };
      for (let day = 0; day < 3; day += 1) {
        const slot = clock.now();
        await runScheduledBackup({
          database,
          storage,
          store,
          config: settings,
          clock,
          logger,
          slot,
        });
        clock.advance(24 * 3_600_000);
      }
      const kept = await store.list();
      expect(kept.map((b) => b.name)).toEqual([
        'tappa-backup-2026-11-30T03-00-00-000Z.tar.gz',
        'tappa-backup-2026-11-29T03-00-00-000Z.tar.gz',
      ]);
      expect(store.where(kept[0]!.name)).toBe(
        's3://tappa-backups/daily/tappa-backup-2026-11-30T03-00-00-000Z.tar.gz',
      );
      // Nothing stays behind in the scratch folder.
      expect(await readdir(scratch.path)).toEqual([]);
      // The archive in the bucket is whole: read back, it passes every check of a restore.
      const opened = await store.open(kept[0]!.name);
      const copy = path.join(scratch.path, kept[0]!.name);
      await pipeline(opened!.body, createWriteStream(copy));
      expect((await verifyArchive(copy, null)).counts.tenants).toBe(1);
      expect(opened!.bytes).toBe(kept[0]!.bytes);
      expect(await store.open('tappa-backup-2026-11-28T03-00-00-000Z.tar.gz')).toBeNull();
      expect(await store.remove(kept[1]!.name)).toBe(true);
      expect(await store.remove(kept[1]!.name)).toBe(false);
    } finally {
      await store.close();
      await database.close();
      await scratch.remove();
      await files.remove();
      await s3.close();
    }
  });
});
