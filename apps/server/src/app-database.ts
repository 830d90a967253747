import type { DatabaseTimeouts } from './config';
import { type DatabaseHandle, openMigratedDatabase } from './db/client';
import { GAME_TASKS, type GameTasks } from './modules/games/games.tasks';

export { hasPgliteDatabase } from './db/pglite/thread';

/** The app's database: its hot transactions are the games' (games.tasks.ts). */
export type AppDatabase = DatabaseHandle<GameTasks>;

/**
 * Opens (and migrates) the app's database with the tasks it runs next to the engine. Apart from
 * app.ts, so that main.ts starts the database before loading the rest of the server.
 */
export function openAppDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  databaseTimeouts?: DatabaseTimeouts;
  pgliteSnapshot?: Uint8Array;
}): Promise<AppDatabase> {
  return openMigratedDatabase({ ...opts, tasks: GAME_TASKS });
}
