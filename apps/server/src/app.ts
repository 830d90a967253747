import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { getOrCreateSecret } from './bootstrap/secrets';
import { type DatabaseHandle, openMigratedDatabase } from './db/client';
import { createStorage } from './infra/storage';
import type { StorageDriver } from './infra/storage/storage';
import { filesEndpoints } from './modules/files/files.endpoints';
import { gameplayEndpoints } from './modules/gameplay/gameplay.endpoints';
import { healthEndpoints } from './modules/health/health.endpoints';
import { playEndpoints } from './modules/play/play.endpoints';
import { routeToolsEndpoints } from './modules/routes/route-tools.endpoints';
import { routesEndpoints } from './modules/routes/routes.endpoints';
import { startScoreboardRealtime } from './modules/scoreboards/scoreboard-realtime';
import { scoreboardsEndpoints } from './modules/scoreboards/scoreboards.endpoints';
import { sendResetLinkMail } from './modules/session/reset-mail';
import { createIdentity } from './modules/session/identity';
import { sessionEndpoints } from './modules/session/session.endpoints';
import { publicEndpoints } from './modules/tenants/public.endpoints';
import { tenantsEndpoints } from './modules/tenants/tenants.endpoints';
import { registerAccess } from './plugins/access';
import { registerCsrfProtection } from './plugins/csrf';
import { registerMultipart } from './plugins/multipart';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** Where the built web app is, relative to this file. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** What the app is built from; anything not given is created from `config`. */
export interface AppParts {
  database?: DatabaseHandle;
  storage?: StorageDriver;
  webDistDir?: string;
  /** The clock in milliseconds (tests move it); defaults to `Date.now`. */
  now?: () => number;
  /** Logger options; `false` silences the app (tests). */
  logger?: boolean | { level: string };
  /** How often open scoreboard streams get a `: ping` comment (tests shorten it). */
  scoreboardPingMs?: number;
}

/**
 * Builds the HTTP application: plugins and modules registered explicitly. Used by `main.ts`
 * and by the tests. The app closes the database and storage it opened itself.
 */
export async function buildApp(config: AppConfig, parts: AppParts = {}) {
  const app = Fastify({
    logger: parts.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While closing, answers of in-flight requests end their keep-alive connection, so close()
  // does not wait for idle browser connections to time out.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  const database = parts.database ?? (await openMigratedDatabase(config));
  const storage = parts.storage ?? (await openStorage(config, app.log));
  app.addHook('onClose', async () => {
    if (!parts.storage) await storage.close();
    if (!parts.database) await database.close();
  });

  const db = database.db;
  // On PostgreSQL the scoreboard signals also travel between instances (LISTEN/NOTIFY).
  const scoreboards = await startScoreboardRealtime({
    db,
    databaseUrl: database.driver === 'postgres' ? config.databaseUrl : null,
    now: parts.now ?? Date.now,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
  });
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    await scoreboards.stop();
  });
  app.addHook('onClose', async () => {
    await scoreboards.close();
  });
  const identity = createIdentity({
    db,
    secret: await getOrCreateSecret(db, 'identity'),
    publicUrl: config.publicUrl,
    sendResetLink: ({ email, token }) =>
      sendResetLinkMail({ db, config, logger: app.log }, { email, token }),
    logger: app.log,
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app);
  registerCsrfProtection(app);
  await app.register(cookie, { secret: await getOrCreateSecret(db, 'player-cookie') });
  await registerMultipart(app);
  registerAccess(app, { identity, db });
  await registerOpenApi(app, packageJson.version);

  await app.register(healthEndpoints, {
    database,
    version: packageJson.version,
    scoreboard: scoreboards.hub,
  });
  await app.register(filesEndpoints, { storage });
  await app.register(sessionEndpoints, { db, identity, now: parts.now });
  await app.register(publicEndpoints, { db, now: parts.now });
  await app.register(tenantsEndpoints, { db, storage, now: parts.now });
  await app.register(routesEndpoints, { db, scoreboards });
  await app.register(routeToolsEndpoints, { db, storage, scoreboards, now: parts.now });
  await app.register(playEndpoints, { db, config, storage, now: parts.now });
  await app.register(gameplayEndpoints, {
    db,
    runTask: (name, args) => database.runTask(name, args),
    storage,
    scoreboards,
    now: parts.now,
  });
  await app.register(scoreboardsEndpoints, { db, realtime: scoreboards, now: parts.now });

  await registerWebApp(app, parts.webDistDir ?? WEB_DIST_DIR);
  return app;
}

/** The application type, for modules and tests. */
export type App = FastifyInstance;

async function openStorage(config: AppConfig, log: App['log']): Promise<StorageDriver> {
  const storage = createStorage(config, log);
  if (storage.kind === 's3') await storage.ensureBucket();
  return storage;
}
