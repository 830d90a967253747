import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../../config';
import { AppError } from '../../errors';
import { registerErrorHandler } from '../../plugins/error-handler';
import type { BackupStore } from '../backup/backup-store';
import type { AppMetrics } from './metrics';

/** Where Prometheus scrapes (outside `/api`: not in the endpoint table, decision 0060). */
export const METRICS_PATH = '/metrics';
const EVENT_STREAM = 'text/event-stream';

/** Whether `/metrics` is served at all: behind a token on the main port, or on a port of its own. */
export const isMetricsOn = (config: MetricsConfig) => config.token !== null || config.port !== null;

declare module 'fastify' {
  interface FastifyInstance {
    /** The URL of `/metrics` on its own listener once it listens (tests); null without one. */
    metricsUrl(): string | null;
  }
}

/** SHA-256, so that tokens of any length compare in constant time. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
function isBearer(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer (.*)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), expected);
}

/**
 * Whether an answered request counts in the HTTP metrics: not a scrape, and not an event
 * stream (its lifetime is no latency: `tappa_event_streams_open` counts them).
 */
function isCounted(request: FastifyRequest, reply: FastifyReply): boolean {
  const { url, schema } = request.routeOptions;
  if (url === METRICS_PATH) return false;
  return !(reply.statusCode === 200 && schema?.produces?.includes(EVENT_STREAM));
}

/** Answers a scrape with the metrics text. */
async function answerScrape(metrics: AppMetrics, reply: FastifyReply): Promise<string> {
  const { text, contentType } = await metrics.scrape();
  void reply.type(contentType).header('cache-control', 'no-store');
  return text;
}

/**
 * The last backup's time at start: the newest archive the store holds (the folder or the S3
 * bucket). A store that cannot be listed now leaves the metric without a sample until the next
 * backup; the app starts anyway.
 */
async function seedLastBackup(app: FastifyInstance, metrics: AppMetrics, backups: BackupStore) {
  try {
    const [newest] = await backups.list();
    if (newest) metrics.backupWritten(newest.createdAt);
  } catch (err) {
    app.log.warn({ err }, 'metrics: the backups could not be listed');
  }
}

/**
 * Prometheus' metrics of the app (issue 32), when on (`metrics` given): times every answered
 * request, seeds the last backup's time from the newest archive kept, and serves
 * `GET /metrics` behind `Authorization: Bearer METRICS_TOKEN` on the main port and/or without a
 * token on a listener of its own (`METRICS_PORT` on `METRICS_HOST`). Scrapes log at warn and
 * are not counted.
 */
export async function registerMetrics(
  app: FastifyInstance,
  opts: { metrics: AppMetrics | null; config: MetricsConfig; backups: BackupStore },
): Promise<void> {
  const { metrics, config } = opts;
  if (!metrics) {
    app.decorate('metricsUrl', () => null);
    return;
  }
  app.addHook('onResponse', (request, reply, done) => {
    if (isCounted(request, reply)) metrics.requestServed(request, reply);
    done();
  });
  await seedLastBackup(app, metrics, opts.backups);

  if (config.token !== null) {
    const expected = digest(config.token);
    app.get(METRICS_PATH, { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (!isBearer(request.headers.authorization, expected)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthenticated', undefined, {
          message: 'The metrics need Authorization: Bearer METRICS_TOKEN',
        });
      }
      return answerScrape(metrics, reply);
    });
  }

  const listener =
    config.port === null
      ? null
      : metricsListener(app, metrics, { port: config.port, host: config.host });
  app.decorate('metricsUrl', () => {
    const address = listener?.server.address();
    if (!address || typeof address === 'string') return null;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${METRICS_PATH}`;
  });
}

/**
 * `GET /metrics` without a token, alone on a listener of its own at `port` on `host`; anything
 * else a 404. It opens with the app (before the app listens, so a port already taken stops the
 * start) and closes with it.
 */
function metricsListener(
  app: FastifyInstance,
  metrics: AppMetrics,
  at: { port: number; host: string },
): FastifyInstance {
  const listener = Fastify({ loggerInstance: app.log.child({ listener: 'metrics' }) });
  app.addHook('onReady', async () => {
    await listener.listen(at);
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });
  registerErrorHandler(listener);
  listener.get(METRICS_PATH, { logLevel: 'warn' }, (_request, reply) =>
    answerScrape(metrics, reply),
  );
  listener.setNotFoundHandler((request) => {
    throw new AppError('not_found', undefined, {
      message: `No route for ${request.method} ${request.url}`,
    });
  });
  return listener;
}
