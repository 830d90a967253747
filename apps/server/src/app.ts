import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { Endpoint, ErrorBody } from '@tappa/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type AppDatabase, openAppDatabase, scheduleUpkeep } from './app-database';
import { runScheduledBackup } from './modules/backup/backup.service';
import { backupsEndpoints } from './modules/backup/backups.endpoints';
import { openBackupStore } from './modules/backup/backup-store';
import { scheduleBackups } from './modules/backup/backup-schedule';
import type { AppConfig } from './config';
import { type Clock, systemClock } from './infra/clock';
import type { PaymentGateway } from './infra/payments/payment-gateway';
import { createStripeGateway } from './infra/payments/stripe.gateway';
import { createStorage } from './infra/storage';
import type { StorageDriver } from './infra/storage/storage';
import type { ModuleDeps } from './module-deps';
import { createAccess } from './modules/access/access';
import type { RouteAccess } from './modules/access/route-access';
import { accessCodesEndpoints } from './modules/access-codes/access-codes.endpoints';
import { dashboardEndpoints } from './modules/dashboard/dashboard.endpoints';
import { findRenamedSlug } from './modules/tenants/tenants.service';
import { tenantBrandEndpoints } from './modules/tenants/tenant-brand.endpoints';
import { tenantManifestEndpoints } from './modules/tenants/tenant-manifest.endpoints';
import { tenantStaffEndpoints } from './modules/tenants/tenant-staff.endpoints';
import { filesEndpoints } from './modules/files/files.endpoints';
import { albumEndpoints } from './modules/games/album/album.endpoints';
import { resultsEndpoints } from './modules/games/results/results.endpoints';
import { gamesEndpoints } from './modules/games/games.endpoints';
import { handoffEndpoints } from './modules/games/handoff/handoff.endpoints';
import { hintsEndpoints } from './modules/games/hints/hints.endpoints';
import { analyticsEndpoints } from './modules/analytics/analytics.endpoints';
import { fixesEndpoints } from './modules/games/fixes/fixes.endpoints';
import { scheduleFixRetention } from './modules/games/fixes/fix-retention';
import { listPausedGames } from './modules/games/games.service';
import { routeChoiceEndpoints } from './modules/games/route-choice.endpoints';
import { healthEndpoints } from './modules/health/health.endpoints';
import { ledgerEndpoints } from './modules/ledger/ledger.endpoints';
import { mediaEndpoints } from './modules/media/media.endpoints';
import { paymentSettingsEndpoints } from './modules/payments/payment-settings.endpoints';
import { reencryptPaymentSettings } from './modules/payments/payment-settings.service';
import { checkoutEndpoints } from './modules/payments/checkout.endpoints';
import { routePaymentsEndpoints } from './modules/payments/route-payments.endpoints';
import { stripeWebhookEndpoints } from './modules/payments/stripe-webhook.endpoints';
import { registerRouteLimits } from './modules/limits/route-limits';
import { platformBrandEndpoints } from './modules/platform/platform-brand.endpoints';
import { platformEndpoints } from './modules/platform/platform.endpoints';
import { reencryptEmailSettings } from './modules/platform/email-settings.service';
import { orphanUsersEndpoints } from './modules/platform/orphan-users.endpoints';
import { platformUsersEndpoints } from './modules/platform/platform-users.endpoints';
import { tenantRolesEndpoints } from './modules/platform/tenant-roles.endpoints';
import { auditEndpoints } from './modules/audit/audit.endpoints';
import { getOrCreateSecret } from './modules/platform/platform.service';
import { playersListEndpoints } from './modules/players/players-list.endpoints';
import { teamRecordsEndpoints } from './modules/team-records/team-records.endpoints';
import { playersEndpoints } from './modules/players/players.endpoints';
import { pricingEndpoints } from './modules/pricing/pricing.endpoints';
import { routesEndpoints } from './modules/routes/routes.endpoints';
import { stepsEndpoints } from './modules/routes/steps.endpoints';
import { scoreboardAdminEndpoints } from './modules/scoreboards/scoreboard-admin.endpoints';
import { type RankingsHub, startRankings } from './modules/scoreboards/rankings-hub';
import { scoreboardsEndpoints } from './modules/scoreboards/scoreboards.endpoints';
import { gameLiveEndpoints } from './modules/live/game-live.endpoints';
import { type GameLiveHub, type LiveConsoleHub, startLive } from './modules/live/live-hub';
import { liveEndpoints } from './modules/live/live.endpoints';
import { countAllPending } from './modules/review/review-items.service';
import { type BoardHub, startBoards } from './modules/messages/board-hub';
import { type MessageFeeds, startMessageFeeds } from './modules/messages/message-feeds';
import { scheduleMessages } from './modules/messages/message-schedule';
import { scheduleEventEnds } from './modules/games/event-schedule';
import { announceEventChange, eventClockEndpoints } from './modules/live/event-clock.endpoints';
import { messagesEndpoints } from './modules/messages/messages.endpoints';
import { reviewEndpoints } from './modules/review/review.endpoints';
import { startWalls, type WallHub } from './modules/review/wall-hub';
import { AppMetrics, type Metrics, NO_METRICS } from './modules/metrics/metrics';
import { isMetricsOn, registerMetrics } from './modules/metrics/metrics.endpoints';
import { sendResetLinkMail } from './modules/session/reset-mail';
import { sessionEndpoints } from './modules/session/session.endpoints';
import { tenantsEndpoints } from './modules/tenants/tenants.endpoints';
import { createIdentity } from './modules/users/identity';
import { registerCompression } from './plugins/compression';
import { registerCsrfProtection } from './plugins/csrf';
import { registerErrorHandler } from './plugins/error-handler';
import { registerMultipart } from './plugins/multipart';
import { registerNulRefusal } from './plugins/nul-text';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createReadCaches, forgetReadsOnSignals } from './read-caches';
import { registerWebApp } from './plugins/web-app';
import { type AppSignals, createAppSignals } from './signals';
import { APP_VERSION } from './version';

/** Where the built web app is, relative to this file. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export { type AppDatabase, openAppDatabase } from './app-database';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** API routes registered by libraries (the OpenAPI pages), public by nature. */
const LIBRARY_ROUTES = /^\/api\/docs(\/|$)/;

/** A path the router cannot read (bad percent-encoding, an overlong parameter) is bad input. */
function refuseUnreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = { error: { code: 'bad_request', params: {}, message: error.message } };
  void reply.status(400).send(body);
}

/**
 * A registered route, the access it declares and the schema its JSON body is validated by (the
 * access sweep and the fuzz tests read them).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The declaration of the endpoint table the route serves (`@tappa/contracts`). */
  endpoint: Endpoint | undefined;
  bodySchema: unknown;
}

/** What the app is built from; anything not given is created from `config`. */
export interface AppParts {
  database?: AppDatabase;
  storage?: StorageDriver;
  webDistDir?: string;
  /** Business time, durations and timers (tests move a manual clock); the system's by default. */
  clock?: Clock;
  /** Logger options; `false` silences the app (tests). */
  logger?: boolean | { level: string };
  /** How often open scoreboard streams get a `: ping` comment (tests shorten it). */
  scoreboardPingMs?: number;
  /** The payment provider; Stripe at `config.stripeApiUrl` by default. */
  paymentGateway?: PaymentGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its declared access. */
    registeredRoutes: RegisteredRoute[];
    /** The app's change signals (tests wait for the channel between instances). */
    signals: AppSignals;
    /** The rankings hub (tests wait for it to be idle). */
    scoreboards: { hub: RankingsHub };
    /** The live console's and the phones' hubs (tests wait for them to be idle). */
    live: { console: LiveConsoleHub; games: GameLiveHub };
    /** The photo walls' hub (tests wait for it to be idle). */
    walls: WallHub;
    /** Messages' feeds, boards and schedule (tests wait for them, run the schedule now). */
    messages: {
      feeds: MessageFeeds;
      boards: BoardHub;
      schedule: { idle(): Promise<void>; runNow(): Promise<void> };
    };
    /** The daily backup (tests wait for the one under way). */
    backups: { idle(): Promise<void> };
    /** The events' due ends (tests wait for them, run them now). */
    eventEnds: { idle(): Promise<void>; runNow(): Promise<void> };
    /** The positions' retention (tests wait for it, run it now). */
    fixRetention: { idle(): Promise<void>; runNow(): Promise<void> };
  }
  interface FastifyRequest {
    /** When the request came in, on the app's clock (monotonic ms): the metrics time from it. */
    receivedMs: number;
  }
}

/** The largest message a WebSocket of the app takes (decision 0089). */
const SOCKET_MESSAGE_MAX_BYTES = 4096;
/**
 * The composition root: builds the HTTP application from the database, storage and clock, and
 * registers the plugins and each module explicitly. Used by `main.ts` and by the tests. The app
 * closes the database and storage it opened itself.
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
    frameworkErrors: refuseUnreadableUrl,
  }).withTypeProvider<ZodTypeProvider>();
  const clock = parts.clock ?? systemClock;

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const endpoint = route.config?.endpoint;
    if (route.url.startsWith('/api/') && !LIBRARY_ROUTES.test(route.url) && !endpoint) {
      throw new Error(`${String(route.method)} ${route.url} is not in the endpoint table (0060)`);
    }
    for (const method of [route.method].flat()) {
      const bodySchema = route.schema?.body;
      app.registeredRoutes.push({
        method,
        url: route.url,
        access: endpoint?.access,
        endpoint,
        bodySchema,
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('receivedMs', 0);
  app.addHook('onRequest', async (request, reply) => {
    request.receivedMs = clock.monotonicMs();
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

  const database = parts.database ?? (await openAppDatabase(config));
  const storage = parts.storage ?? (await openStorage(config, app.log));
  app.addHook('onClose', async () => {
    if (!parts.storage) await storage.close();
    if (!parts.database) await database.close();
  });

  const { db } = database;
  // Prometheus' metrics (issue 32), off unless METRICS_TOKEN or METRICS_PORT is set.
  const appMetrics = isMetricsOn(config.metrics) ? new AppMetrics({ clock, database }) : null;
  const metrics: Metrics = appMetrics ?? NO_METRICS;
  // PGlite has no autovacuum: its statistics and dead rows are looked after here (decision 0074).
  if (database.upkeep) {
    const upkeep = scheduleUpkeep({ upkeep: database.upkeep, clock, logger: app.log });
    // Before the database closes (its hook runs first on close).
    app.addHook('preClose', async () => {
      upkeep.stop();
      await upkeep.idle();
    });
  }
  // The daily backup (decision 0077), by one instance, and the superadmin's panel (0078).
  const backupStore = await openBackupStore(config);
  app.addHook('onClose', () => backupStore.close());
  const backups = config.backupTime
    ? scheduleBackups({
        at: config.backupTime,
        clock,
        logger: app.log,
        run: async (slot) => {
          const kept = await runScheduledBackup({
            slot,
            database,
            storage,
            store: backupStore,
            config,
            clock,
            logger: app.log,
          });
          if (kept) metrics.backupWritten(new Date(kept.manifest.created_at));
        },
      })
    : null;
  app.decorate('backups', { idle: async () => backups?.idle() });
  if (backups) {
    app.addHook('preClose', async () => {
      backups.stop();
      await backups.idle();
    });
  }
  // Real-time (decision 0061): the change signals travel between instances on PostgreSQL
  // (LISTEN/NOTIFY); the read caches and the rankings follow them.
  const reads = createReadCaches(clock);
  const signals = createAppSignals({
    db,
    databaseUrl: database.driver === 'postgres' ? config.databaseUrl : null,
    clock,
    logger: app.log,
  });
  forgetReadsOnSignals(reads, signals);
  const rankings = startRankings({
    db,
    signals,
    clock,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
    metrics,
  });
  const live = startLive({
    db,
    signals,
    clock,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
    metrics,
  });
  const walls = startWalls({
    db,
    signals,
    clock,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
  });
  // Messages (decision 0084): the phones' feeds, the staff's boards, the scheduled sends.
  const feeds = startMessageFeeds({
    db,
    signals,
    clock,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
    metrics,
  });
  const boards = startBoards({
    db,
    signals,
    clock,
    logger: app.log,
    pingIntervalMs: parts.scoreboardPingMs,
  });
  appMetrics?.watchReview(() => countAllPending(db));
  appMetrics?.watchStreams({
    scoreboard: () => rankings.stats().openStreams,
    console: () => live.console.stats().openStreams,
    phone: () => live.games.stats().openStreams,
    messages: () => feeds.stats().openStreams,
  });
  await signals.start();
  const messageSchedule = scheduleMessages({
    db,
    clock,
    logger: app.log,
    sent: (tenantId) => signals.publish('message', tenantId, null),
  });
  app.decorate('signals', signals);
  app.decorate('scoreboards', { hub: rankings });
  app.decorate('live', live);
  app.decorate('walls', walls);
  app.decorate('messages', { feeds, boards, schedule: messageSchedule });
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    rankings.close();
    live.console.close();
    live.games.close();
    walls.close();
    feeds.close();
    boards.close();
    messageSchedule.stop();
    // Computations under way finish while the database is open.
    await Promise.all([
      rankings.idle(),
      live.console.idle(),
      live.games.idle(),
      walls.idle(),
      feeds.idle(),
      boards.idle(),
      messageSchedule.idle(),
    ]);
    await signals.flush();
  });
  app.addHook('onClose', async () => {
    rankings.close();
    live.console.close();
    live.games.close();
    walls.close();
    feeds.close();
    boards.close();
    messageSchedule.stop();
    await signals.close();
  });
  if (config.settingsEncryptionKeyPrevious !== null) {
    await reencryptEmailSettings({ db, config, now: clock.now(), logger: app.log });
    await reencryptPaymentSettings({ db, config, logger: app.log });
  }
  const identity = createIdentity({
    db,
    secret: await getOrCreateSecret(db, 'identity'),
    publicUrl: config.publicUrl,
    sendResetLink: ({ email, token }) =>
      sendResetLinkMail({ db, config, logger: app.log }, { email, token }),
    logger: app.log,
  });
  const deps: ModuleDeps = {
    db,
    clock,
    storage,
    config,
    access: createAccess({ identity, db, clock, tenants: reads.tenants }),
    payments: parts.paymentGateway ?? createStripeGateway({ apiUrl: config.stripeApiUrl }),
    publishScoreboardChange: (tenantId, routeId) =>
      signals.publish('scoreboard', tenantId, routeId),
    publishContentChange: (tenantId, routeId) => signals.publish('content', tenantId, routeId),
    publishLiveChange: live.publishChange,
    publishGameChange: (tenantId, gameId) => signals.publish('game', tenantId, gameId),
    publishReviewChange: (tenantId, routeId) => signals.publish('review', tenantId, routeId),
    publishMessageChange: (tenantId, opts) =>
      signals.publish(opts?.boardOnly ? 'messageBoard' : 'message', tenantId, null),
    reads,
    metrics,
  };
  // Event ends come due (decision 0085): their games end, and whoever follows them is told.
  const eventEnds = scheduleEventEnds({
    db,
    clock,
    logger: app.log,
    closed: (target, changed) => announceEventChange(deps, target, changed),
  });
  app.decorate('eventEnds', eventEnds);
  // Raw positions past their tenant's retention go (decision 0086).
  const fixRetention = scheduleFixRetention({ db, clock, logger: app.log });
  app.decorate('fixRetention', fixRetention);
  app.addHook('preClose', async () => {
    eventEnds.stop();
    fixRetention.stop();
    await Promise.all([eventEnds.idle(), fixRetention.idle()]);
  });

  registerErrorHandler(app);
  await registerMetrics(app, {
    metrics: appMetrics,
    config: config.metrics,
    backups: backupStore,
  });
  registerNulRefusal(app);
  registerSecurityHeaders(app);
  await registerCompression(app);
  registerCsrfProtection(app);
  await registerRouteLimits(app, deps);
  await app.register(cookie, { secret: await getOrCreateSecret(db, 'player-cookie') });
  await registerMultipart(app);
  // The fixes' sockets (decision 0089): a fix is about 120 bytes; anything far larger closes.
  await app.register(websocket, {
    options: { maxPayload: SOCKET_MESSAGE_MAX_BYTES },
    // A phone's broken frame or oversized message: its socket closes; no error of the server's.
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'socket closed on a bad frame');
      socket.terminate();
    },
  });
  await registerOpenApi(app, APP_VERSION);

  await app.register(healthEndpoints, {
    database,
    clock,
    access: deps.access,
    pingBoundMs: config.databaseTimeouts.acquireMs,
    version: APP_VERSION,
    scoreboard: {
      stats: () => {
        const { openStreams, computed } = rankings.stats();
        return { open_streams: openStreams, rankings_computed: computed };
      },
    },
  });
  await app.register(filesEndpoints, deps);
  await app.register(sessionEndpoints, { ...deps, identity });
  await app.register(platformEndpoints, deps);
  await app.register(platformUsersEndpoints, deps);
  await app.register(platformBrandEndpoints, deps);
  await app.register(orphanUsersEndpoints, deps);
  await app.register(tenantRolesEndpoints, deps);
  await app.register(auditEndpoints, deps);
  await app.register(backupsEndpoints, { ...deps, database, identity, store: backupStore });
  await app.register(tenantsEndpoints, deps);
  await app.register(dashboardEndpoints, deps);
  await app.register(tenantStaffEndpoints, deps);
  await app.register(tenantBrandEndpoints, deps);
  await app.register(tenantManifestEndpoints, deps);
  await app.register(routesEndpoints, deps);
  await app.register(stepsEndpoints, deps);
  await app.register(pricingEndpoints, deps);
  await app.register(paymentSettingsEndpoints, deps);
  await app.register(routePaymentsEndpoints, deps);
  await app.register(accessCodesEndpoints, deps);
  await app.register(scoreboardAdminEndpoints, deps);
  await app.register(playersListEndpoints, deps);
  await app.register(teamRecordsEndpoints, deps);
  await app.register(mediaEndpoints, deps);
  await app.register(playersEndpoints, {
    ...deps,
    listPausedGames: (scope, email) => listPausedGames(db, scope, { email, now: clock.now() }),
  });
  await app.register(routeChoiceEndpoints, deps);
  await app.register(checkoutEndpoints, deps);
  await app.register(stripeWebhookEndpoints, deps);
  await app.register(gamesEndpoints, {
    ...deps,
    runTask: (name, args) => database.runTask(name, args),
  });
  await app.register(hintsEndpoints, deps);
  await app.register(fixesEndpoints, deps);
  await app.register(handoffEndpoints, deps);
  await app.register(albumEndpoints, deps);
  await app.register(resultsEndpoints, deps);
  await app.register(ledgerEndpoints, deps);
  await app.register(scoreboardsEndpoints, { ...deps, rankings });
  await app.register(liveEndpoints, { ...deps, hub: live.console });
  await app.register(eventClockEndpoints, deps);
  await app.register(gameLiveEndpoints, { ...deps, hub: live.games });
  await app.register(reviewEndpoints, { ...deps, walls });
  await app.register(messagesEndpoints, { ...deps, feeds, boards });
  await app.register(analyticsEndpoints, deps);

  await registerWebApp(app, {
    webDistDir: parts.webDistDir ?? WEB_DIST_DIR,
    renamedSlug: (slug) => findRenamedSlug(db, slug),
  });
  return app;
}

/** The application type, for modules and tests. */
export type App = FastifyInstance;

/** Opens the configured storage driver (and its S3 bucket); the caller closes it. */
export async function openStorage(
  config: AppConfig,
  log: Parameters<typeof createStorage>[1],
): Promise<StorageDriver> {
  const storage = createStorage(config, log);
  if (storage.kind === 's3') await storage.ensureBucket();
  return storage;
}
