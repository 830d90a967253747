// `npm run superadmin -- --email someone@example.org` (decision 0067): creates that superadmin or
// gives it a new password, on the embedded database in DATA_DIR or on DATABASE_URL, and prints
// the generated password once. `--password-stdin` reads the password from the standard input
// instead (never from the command line, which other users and the shell's history can read).
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import { PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';
import { openAppDatabase } from '../app-database';
import { CommandError, refuseHeldEmbeddedDatabase, runCommand } from './command';
import { loadConfig } from '../config';
import { AppError } from '../errors';
import { systemClock } from '../infra/clock';
import { setSuperadminPassword } from '../modules/users/accounts.service';

const USAGE =
  'Usage: npm run superadmin -- --email someone@example.org [--password-stdin]\n' +
  '  Creates the superadmin with that e-mail, or gives it a new password, and prints a\n' +
  '  generated password once; with --password-stdin the password is read from the input.';

/** The command's arguments: the e-mail, and whether the password comes from the input. */
function parseArgs(argv: readonly string[]): { email: string; passwordFromStdin: boolean } {
  let email: string | null = null;
  let passwordFromStdin = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--email') email = argv[(i += 1)] ?? '';
    else if (arg.startsWith('--email=')) email = arg.slice('--email='.length);
    else if (arg === '--password-stdin') passwordFromStdin = true;
    else if (arg === '--help' || arg === '-h') throw new CommandError(USAGE, 0);
    else throw new CommandError(`Unknown argument: ${arg}\n${USAGE}`);
  }
  if (email === null) throw new CommandError(`The --email is missing.\n${USAGE}`);
  const parsed = z.email().safeParse(email.trim().toLowerCase());
  if (!parsed.success) throw new CommandError(`Not an e-mail address: "${email}".`);
  return { email: parsed.data, passwordFromStdin };
}

/** The password: the first line of the input, or a generated one (returned to be printed). */
async function choosePassword(
  fromStdin: boolean,
): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin) return { password: randomBytes(12).toString('base64url'), generated: true };
  const password = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new CommandError(
      `The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    );
  }
  return { password, generated: false };
}

async function run(argv: readonly string[]): Promise<void> {
  const { email, passwordFromStdin } = parseArgs(argv);
  const config = loadConfig();
  refuseHeldEmbeddedDatabase(config);
  const { password, generated } = await choosePassword(passwordFromStdin);
  const database = await openAppDatabase(config);
  try {
    const outcome = await setSuperadminPassword(database.db, {
      email,
      password,
      now: systemClock.now(),
    });
    const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : config.dataDir;
    console.info(
      outcome === 'created'
        ? `Created the superadmin ${email} in ${where}.`
        : `Set a new password for the superadmin ${email} in ${where}; its sessions were ended.`,
    );
    if (generated) {
      console.info(`Password (shown only now): ${password}`);
      console.info('Sign in at /login.');
    }
  } finally {
    await database.close();
  }
}

runCommand(run(process.argv.slice(2)), (error) =>
  error instanceof AppError && error.code === 'email_taken'
    ? 'That e-mail belongs to an account that is not a superadmin (a tenant admin, a game ' +
      'manager); this command changes superadmins only. Choose another e-mail.'
    : null,
);
