// What the operator's commands (`npm run superadmin`, `npm run backup`, `npm run restore`) share:
// their refusals with an exit code, the embedded database they must not open while a server
// holds it, and how they end.
import type { AppConfig } from '../config';
import { ConfigError } from '../config';
import { embeddedDatabaseHolder } from '../infra/server-pid';

/** A refusal of a command: its message, and the exit code it ends with. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/**
 * Refuses (exit code 3) to open the embedded database of `config` while a server holds it:
 * PGlite opens in one process at a time. PostgreSQL is shared, so nothing is refused there.
 */
export function refuseHeldEmbeddedDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>) {
  if (config.databaseUrl) return;
  const holder = embeddedDatabaseHolder(config.dataDir);
  if (holder !== null) {
    throw new CommandError(
      `A Tappa server (process ${holder}) is running on the embedded database in ` +
        `${config.dataDir}, which only one process can open at a time. Stop the server ` +
        '(Ctrl+C), run this command again, then start the server.',
      3,
    );
  }
}

/**
 * Runs a command to its end: exit 0 when it resolves; a `CommandError` prints its message and
 * exits with its code, a configuration error its message with 1; any other error is given to
 * `explain` (a message to print, or null for the generic one) and exits with 1.
 */
export function runCommand(
  work: Promise<void>,
  explain: (error: unknown) => string | null = () => null,
): void {
  work.then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof CommandError) {
        (error.exitCode === 0 ? console.info : console.error)(error.message);
        process.exit(error.exitCode);
      }
      const message = error instanceof ConfigError ? error.message : explain(error);
      if (message === null) console.error('The command failed:', error);
      else console.error(message);
      process.exit(1);
    },
  );
}
