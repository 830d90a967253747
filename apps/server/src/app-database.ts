import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseTimeouts } from './config';
import { type DatabaseHandle, openMigratedDatabase } from './db/client';
import { PGLITE_UPKEEP_MS, type UpkeepReport } from './db/pglite/upkeep';
import type { Clock } from './infra/clock';
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

/**
 * Runs `upkeep` every PGLITE_UPKEEP_MS on `clock`, one round at a time (a round still under way
 * when the next is due is not doubled), logging what each round did and what failed.
 */
export function scheduleUpkeep(opts: {
  upkeep: () => Promise<UpkeepReport>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): {
  stop(): void;
  /** Resolves when the round under way (if any) has finished. */
  idle(): Promise<void>;
} {
  const { upkeep, clock, logger } = opts;
  let round: Promise<void> | null = null;
  const timer = clock.setInterval(() => {
    round ??= upkeep()
      .then(
        (report) => {
          if (report.analyzed.length + report.vacuumed.length > 0) {
            logger.info(report, 'embedded database upkeep');
          }
        },
        (err: unknown) => logger.error({ err }, 'embedded database upkeep failed'),
      )
      .finally(() => {
        round = null;
      });
  }, PGLITE_UPKEEP_MS);
  timer.unref();
  return {
    stop: () => clock.clearInterval(timer),
    idle: async () => {
      await round;
    },
  };
}
