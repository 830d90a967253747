// `npm run backup` and `npm run restore -- <file>` (issue 32, decision 0077): one archive with
// the database, every stored file and a manifest, written to BACKUP_DIR (default
// DATA_DIR/backups), encrypted with BACKUP_ENCRYPTION_KEY when it is set; restored into an empty
// database (a new DATA_DIR, or an empty PostgreSQL database at DATABASE_URL) and the configured
// storage, after the whole archive has been checked.
import path from 'node:path';
import { openDatabase } from '../db/client';
import { loadConfig } from '../config';
import { createStorage, S3Storage } from '../infra/storage';
import { ArchiveError } from '../modules/backup/archive';
import { RestoreRefused, restoreBackup, writeBackup } from '../modules/backup/backup.service';
import { openBackupStore } from '../modules/backup/backup-store';
import { systemClock } from '../infra/clock';
import { GAME_TASKS } from '../modules/games/games.tasks';
import { CommandError, refuseHeldEmbeddedDatabase, runCommand } from './command';

const USAGE =
  'Usage: npm run backup            writes a backup of everything to BACKUP_DIR (or BACKUP_S3_BUCKET)\n' +
  '       npm run restore -- <file>  restores a backup into an empty database';

const quietLogger = { info: () => undefined, warn: console.warn, error: console.error };

async function run([command, ...args]: readonly string[]): Promise<void> {
  if (command !== 'backup' && command !== 'restore') throw new CommandError(USAGE);
  if (args.includes('--help') || args.includes('-h')) throw new CommandError(USAGE, 0);
  const config = loadConfig();
  refuseHeldEmbeddedDatabase(config);
  const storage = createStorage(config, quietLogger);
  if (storage instanceof S3Storage) await storage.ensureBucket();
  // Not migrated here: a backup reads the schema as it is, a restore brings it to the archive's.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    databaseTimeouts: config.databaseTimeouts,
    tasks: GAME_TASKS,
  });
  try {
    if (command === 'backup') {
      if (args.length > 0) throw new CommandError(`Unknown argument: ${args[0]}\n${USAGE}`);
      const store = await openBackupStore(config);
      try {
        const kept = await writeBackup({
          database,
          storage,
          store,
          secret: config.backupEncryptionKey,
          now: systemClock.now(),
        });
        const { counts } = kept.manifest;
        console.info(
          `Backup written: ${kept.where} (${(kept.bytes / 1024 / 1024).toFixed(1)} MB; ` +
            `${counts.tenants} tenants, ${counts.teams} teams, ${counts.games} games, ` +
            `${counts.files} files${config.backupEncryptionKey ? '; encrypted' : ''}).`,
        );
      } finally {
        await store.close();
      }
      return;
    }
    const [file, ...rest] = args;
    if (!file || rest.length > 0) throw new CommandError(`Name one backup file.\n${USAGE}`);
    const result = await restoreBackup({
      database,
      storage,
      file: path.resolve(file),
      secret: config.backupEncryptionKey,
    });
    const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : config.dataDir;
    console.info(
      `Restored ${path.basename(file)} (taken ${result.manifest.created_at}) into ${where}: ` +
        `${result.rows} rows in ${result.tables} tables, ${result.files} files.`,
    );
  } finally {
    await database.close();
    await storage.close();
  }
}

runCommand(run(process.argv.slice(2)), (error) => {
  if (error instanceof ArchiveError) return error.message;
  return error instanceof RestoreRefused ? `Restore refused: ${error.message}` : null;
});
