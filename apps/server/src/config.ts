import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
);

/** Milliseconds, at least 1. */
const milliseconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1, 'must be at least 1 millisecond')
      .default(fallback),
  );

/** Whole megabytes, at least 1. */
const megabytes = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of megabytes' })
      .int('must be a whole number of megabytes')
      .min(1, 'must be at least 1 megabyte')
      .default(fallback),
  );

/** A TCP port (0: any free one). */
const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const EnvSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, portNumber.default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, 'must be at least 32 characters long')
      // It travels in the Authorization header as it is.
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, portNumber.optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  SUPERADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an e-mail address').optional()),
  SUPERADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(6, 'must be at least 6 characters long').optional(),
  ),
  SEED_DEMO: booleanFlag,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
  MEDIA_MAX_FILE_MB: megabytes(50),
  MEDIA_QUOTA_MB: megabytes(1024),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  SMTP2GO_API_URL: optionalUrl,
  STRIPE_API_URL: optionalUrl,
  SETTINGS_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  SETTINGS_ENCRYPTION_KEY_PREVIOUS: optionalText,
  BACKUP_DIR: optionalText,
  BACKUP_S3_BUCKET: optionalText,
  BACKUP_S3_PREFIX: optionalText,
  BACKUP_TIME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (UTC), or off')
      .default('03:00'),
  ),
  BACKUP_KEEP: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of backups' })
      .int('must be a whole number of backups')
      .min(1, 'must be at least 1')
      .default(14),
  ),
  BACKUP_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(3_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: milliseconds(5_000),
  FIX_GATHER_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more milliseconds')
      .max(1_000, 'must be at most 1000 milliseconds')
      .default(300),
  ),
  MAIL_TRANSPORT: z.preprocess(
    emptyToUndefined,
    z.enum(['auto', 'outbox'], { message: 'must be auto or outbox' }).default('auto'),
  ),
  MAIL_TRANSPORT_FORCE: booleanFlag,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'must be true, false, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal',
      )
      .default('loopback'),
  ),
});

/** S3-compatible storage settings, present when `S3_BUCKET` is set. */
export interface S3Config {
  /** Custom endpoint for S3-compatible services (MinIO, Garage, R2, ...); omit for AWS. */
  endpoint?: string;
  region: string;
  /** The single physical bucket; the logical buckets are key prefixes inside it. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket (e.g. a CDN); without it the server proxies `/files/...`. */
  publicUrl?: string;
}

/**
 * How long a request may wait on PostgreSQL before it answers 503 (decision 0020): a statement,
 * a lock, a connection from the pool. The health check waits `acquireMs` at most.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  acquireMs: number;
}

/**
 * Prometheus' `/metrics` (issue 32): on the main port behind `token`, and/or without a token on
 * a listener of its own at `port` on `host`; off when neither is set.
 */
export interface MetricsConfig {
  token: string | null;
  port: number | null;
  host: string;
}

/** Everything the server reads from its environment, validated. */
export interface AppConfig {
  port: number;
  host: string;
  metrics: MetricsConfig;
  dataDir: string;
  databaseUrl: string | null;
  databaseTimeouts: DatabaseTimeouts;
  publicUrl: string;
  superadmin: { email: string; password: string } | null;
  seedDemo: boolean;
  s3: S3Config | null;
  /** The media libraries' limits (decision 0035): per uploaded file, and per library in all. */
  media: { maxFileBytes: number; quotaBytes: number };
  smtpUrl: string | null;
  mailFrom: string | null;
  /** Root of the SMTP2GO API (`https://api.smtp2go.com/v3` when null); tests point it at a stub. */
  smtp2goApiUrl: string | null;
  /** Root of the Stripe API (`https://api.stripe.com` when null); tests point it at a stub. */
  stripeApiUrl: string | null;
  /**
   * Secret the e-mail settings' API key is encrypted under (decision 0026); null: a secret the
   * server generated on first start and keeps in `app_secrets`.
   */
  settingsEncryptionKey: string | null;
  /** The secret before a rotation: the stored key is re-encrypted under the new one at start. */
  settingsEncryptionKeyPrevious: string | null;
  /**
   * Where backups are written and listed (decision 0077); default `DATA_DIR/backups`. With
   * `backupS3` it only holds an archive while it is written.
   */
  backupDir: string;
  /** The S3 bucket (and key prefix) backups are kept in instead of `backupDir` (decision 0078). */
  backupS3: (Omit<S3Config, 'publicUrl'> & { prefix: string }) | null;
  /** The secret backups are encrypted with (AES-256-GCM); null: backups are not encrypted. */
  backupEncryptionKey: string | null;
  /** When the daily backup runs (UTC); null: no scheduled backup. */
  backupTime: { hour: number; minute: number } | null;
  /** How many archives the daily backup keeps in `backupDir`. */
  backupKeep: number;
  /**
   * The environment's transport (decision 0059), used while the superadmin has saved no SMTP2GO
   * settings: `outbox`: every message goes to `DATA_DIR/outbox` and counts as delivered (player
   * e-mail verification on), for demos and tests; `auto`: SMTP when `SMTP_URL` is set, else the
   * outbox as a fallback that delivers nothing.
   */
  mailTransport: 'auto' | 'outbox';
  /** `MAIL_TRANSPORT_FORCE`: the environment's transport even over saved SMTP2GO settings. */
  mailTransportForced: boolean;
  logLevel: string;
  /**
   * `FIX_GATHER_MS`: how long a team's fix waits for others to be written with it (decision
   * 0086); 0: a fix is written at once, with those that came while the one before was written.
   */
  fixGatherMs: number;
  /**
   * Whose `X-Forwarded-For` gives the client's address (per-IP limits, logs): `true` anyone's,
   * `false` nobody's, else a list of proxy addresses or subnets (`loopback`: a proxy on this host).
   */
  trustProxy: boolean | string[];
}

const MEGABYTE = 1024 * 1024;

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment (ARCHITECTURE §8); throws ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.');
      return `${variable}: ${issue.message} (got ${JSON.stringify(env[variable] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if ((e.SUPERADMIN_EMAIL === undefined) !== (e.SUPERADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the main port serves /metrics with METRICS_TOKEN)',
    );
  }
  if (e.MAIL_TRANSPORT_FORCE === true && e.MAIL_TRANSPORT === 'auto' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_TRANSPORT_FORCE: forces MAIL_TRANSPORT=outbox or SMTP_URL, and neither is set',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: {
      token: e.METRICS_TOKEN ?? null,
      port: e.METRICS_PORT ?? null,
      host: e.METRICS_HOST,
    },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    superadmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD
        ? { email: e.SUPERADMIN_EMAIL, password: e.SUPERADMIN_PASSWORD }
        : null,
    // The demo is on for the embedded database unless turned off; never on PostgreSQL by default.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    s3: readS3Config(e),
    media: {
      maxFileBytes: e.MEDIA_MAX_FILE_MB * MEGABYTE,
      quotaBytes: e.MEDIA_QUOTA_MB * MEGABYTE,
    },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
    smtp2goApiUrl: e.SMTP2GO_API_URL ?? null,
    stripeApiUrl: e.STRIPE_API_URL ?? null,
    settingsEncryptionKey: e.SETTINGS_ENCRYPTION_KEY ?? null,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupS3: readBackupS3Config(e),
    backupEncryptionKey: e.BACKUP_ENCRYPTION_KEY ?? null,
    backupTime:
      e.BACKUP_TIME === 'off'
        ? null
        : { hour: Number(e.BACKUP_TIME.slice(0, 2)), minute: Number(e.BACKUP_TIME.slice(3)) },
    backupKeep: e.BACKUP_KEEP,
    settingsEncryptionKeyPrevious: e.SETTINGS_ENCRYPTION_KEY_PREVIOUS ?? null,
    mailTransport: e.MAIL_TRANSPORT,
    mailTransportForced: e.MAIL_TRANSPORT_FORCE ?? false,
    logLevel: e.LOG_LEVEL,
    fixGatherMs: e.FIX_GATHER_MS,
    trustProxy:
      e.TRUST_PROXY === 'true' || e.TRUST_PROXY === 'false'
        ? e.TRUST_PROXY === 'true'
        : e.TRUST_PROXY.split(',').map((part) => part.trim()),
  };
}

/**
 * The S3 service and keys of `S3_*` for the bucket the variable `bucketVar` names; the keys are
 * required, and `problems` are refused with them.
 */
function s3Service(
  e: z.infer<typeof EnvSchema>,
  bucketVar: 'S3_BUCKET' | 'BACKUP_S3_BUCKET',
  bucket: string,
  problems: string[] = [],
): Omit<S3Config, 'publicUrl'> {
  const all = [
    ...(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      .filter((name) => e[name] === undefined)
      .map((name) => `${name}: required when ${bucketVar} is set`),
    ...problems,
  ];
  if (all.length > 0) throw new ConfigError(`Invalid configuration:\n  ${all.join('\n  ')}`);
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    bucket,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function readS3Config(e: z.infer<typeof EnvSchema>): S3Config | null {
  if (e.S3_BUCKET === undefined) return null;
  return { ...s3Service(e, 'S3_BUCKET', e.S3_BUCKET), publicUrl: e.S3_PUBLIC_URL };
}

/** The backups' bucket: the S3 service and keys of `S3_*`, a bucket of its own. */
function readBackupS3Config(e: z.infer<typeof EnvSchema>): AppConfig['backupS3'] {
  if (e.BACKUP_S3_BUCKET === undefined) return null;
  // The files' bucket may be public (S3_PUBLIC_URL): archives hold personal data.
  const sameBucket =
    e.BACKUP_S3_BUCKET === e.S3_BUCKET
      ? ['BACKUP_S3_BUCKET: must not be the files bucket (S3_BUCKET)']
      : [];
  const prefix = (e.BACKUP_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    ...s3Service(e, 'BACKUP_S3_BUCKET', e.BACKUP_S3_BUCKET, sameBucket),
    prefix: prefix === '' ? '' : `${prefix}/`,
  };
}
