import { type SubmitResult, SubmitResultSchema } from '@tappa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../infra/clock';

// Prometheus' metrics of one app (issue 32): one registry per `buildApp`, never prom-client's
// global one (tests build many apps in one process). Names start with `tappa_`, values are in
// base units (seconds, bytes), counters end in `_total`. No label holds a tenant, team, user,
// game or route id: HTTP routes are Fastify's patterns.

/** The event streams, by what they show: the scoreboards, the live console, the teams' phones. */
const STREAMS = ['scoreboard', 'console', 'phone', 'messages'] as const;
/** One kind of event stream. */
export type StreamName = (typeof STREAMS)[number];

/** How a try, a skip or an exploration's end was decided (`SubmitResult.outcome`). */
export type TryVerdict = SubmitResult['outcome'];

/** The label of the requests no route matched (the raw URL would be unbounded). */
const UNMATCHED_ROUTE = 'unmatched';

const PREFIX = 'tappa_';
/** prom-client's process metrics that are gauges, yet end in `_total`. */
const SUMS_NAMED_LIKE_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];
const REQUEST_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PUSH_BUCKETS_S = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What the modules record; `NO_METRICS` when `/metrics` is off. */
export interface Metrics {
  /** A try (a skip, an exploration's end) decided for `request`, timed from its arrival. */
  tryDecided(verdict: TryVerdict, request: FastifyRequest): void;
  /** A change pushed to the viewers of `stream`, `latencyMs` after its signal. */
  pushed(stream: StreamName, latencyMs: number): void;
  /** A backup of the data as of `at` was written. */
  backupWritten(at: Date): void;
}

/** The recorders of an app without metrics: they do nothing. */
export const NO_METRICS: Metrics = {
  tryDecided: () => undefined,
  pushed: () => undefined,
  backupWritten: () => undefined,
};

/**
 * A histogram and, beside it, a counter of its observations (`count`) whose samples are the
 * histogram's `_count` ones, read at each scrape: the hot path observes the histogram only.
 */
function countedHistogram<L extends string>(
  registry: Registry,
  opts: {
    name: string;
    help: string;
    count: { name: string; help: string };
    labelNames: readonly L[];
    buckets: number[];
  },
): Histogram<L> {
  const { count, ...config } = opts;
  const histogram = new Histogram({ ...config, registers: [registry] });
  new Counter({
    ...count,
    labelNames: opts.labelNames,
    registers: [registry],
    async collect() {
      const { values } = await histogram.get();
      // Reset only once the counts are read, so concurrent scrapes never add them twice.
      this.reset();
      for (const sample of values) {
        if (sample.metricName === `${opts.name}_count`) this.inc(sample.labels, sample.value);
      }
    },
  });
  return histogram;
}

/** The registry of one app with its metrics, and the recorders the modules call. */
export class AppMetrics implements Metrics {
  private readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly tries: Histogram<'verdict'>;
  private readonly pushes: Histogram<'stream'>;
  private readonly lastBackup: Gauge;
  /** The newest backup's time (Unix seconds), null before the first one. */
  private lastBackupS: number | null = null;
  private openStreams: Record<StreamName, () => number> | null = null;

  constructor(
    private readonly opts: {
      clock: Clock;
      database: Pick<DatabaseHandle, 'pool' | 'pending'>;
    },
  ) {
    const { registry } = this;
    collectDefaultMetrics({ register: registry, prefix: PREFIX });
    // Gauges named like counters (promtool refuses them); their `{type}` siblings hold the same.
    for (const name of SUMS_NAMED_LIKE_COUNTERS) registry.removeSingleMetric(`${PREFIX}${name}`);
    this.requests = countedHistogram(registry, {
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests answered (event streams aside), by route pattern, from arrival to the last byte.',
      count: {
        name: `${PREFIX}http_requests_total`,
        help: 'HTTP requests answered (event streams aside), by route pattern.',
      },
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS_S,
    });
    this.tries = countedHistogram(registry, {
      name: `${PREFIX}try_duration_seconds`,
      help: "Tries, skips and explorations' ends decided, from the request's arrival to the decision.",
      count: {
        name: `${PREFIX}tries_total`,
        help: "Tries, skips and explorations' ends decided, by verdict.",
      },
      labelNames: ['verdict'],
      buckets: REQUEST_BUCKETS_S,
    });
    // Every verdict (and below every stream) from the start: a rate over the first ones has its zero.
    for (const verdict of SubmitResultSchema.shape.outcome.options) this.tries.zero({ verdict });
    this.pushes = new Histogram({
      name: `${PREFIX}push_latency_seconds`,
      help: 'Changes pushed to open event streams, from the change signal to the frame written to every viewer.',
      labelNames: ['stream'],
      buckets: PUSH_BUCKETS_S,
      registers: [registry],
    });
    for (const stream of STREAMS) this.pushes.zero({ stream });
    const streams = () => this.openStreams;
    new Gauge({
      name: `${PREFIX}event_streams_open`,
      help: "Event streams open now (phone: the teams' game streams).",
      labelNames: ['stream'],
      registers: [registry],
      collect() {
        for (const stream of STREAMS) this.set({ stream }, streams()?.[stream]() ?? 0);
      },
    });
    // Registered with the first backup: no sample while there was none.
    this.lastBackup = new Gauge({
      name: `${PREFIX}backup_last_success_timestamp_seconds`,
      help: 'When the data of the newest backup written was taken (Unix time).',
      registers: [],
    });
    this.registerDatabase();
  }

  /** Reads the review items waiting (every tenant's) at each scrape (decision 0083). */
  watchReview(pending: () => Promise<number>): void {
    new Gauge({
      name: `${PREFIX}review_items_pending`,
      help: 'Answers waiting for a judge (photo review), every tenant together.',
      registers: [this.registry],
      async collect() {
        this.set(await pending());
      },
    });
  }

  /** Reads the open streams of each kind at each scrape (the hubs exist after the metrics). */
  watchStreams(openStreams: Record<StreamName, () => number>): void {
    this.openStreams = openStreams;
  }

  /** Times an answered request under its route pattern (an `onResponse` hook). */
  requestServed(request: FastifyRequest, reply: FastifyReply): void {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    this.requests.observe(labels, this.secondsSince(request));
  }

  tryDecided(verdict: TryVerdict, request: FastifyRequest): void {
    this.tries.observe({ verdict }, this.secondsSince(request));
  }

  pushed(stream: StreamName, latencyMs: number): void {
    this.pushes.observe({ stream }, latencyMs / 1000);
  }

  backupWritten(at: Date): void {
    const seconds = at.getTime() / 1000;
    // The archive found at start never hides a newer one written meanwhile.
    if (this.lastBackupS !== null && seconds <= this.lastBackupS) return;
    if (this.lastBackupS === null) this.registry.registerMetric(this.lastBackup);
    this.lastBackupS = seconds;
    this.lastBackup.set(seconds);
  }

  /** The metrics text and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  private secondsSince(request: FastifyRequest): number {
    return (this.opts.clock.monotonicMs() - request.receivedMs) / 1000;
  }

  /** PostgreSQL's pool, or what waits for PGlite's one connection. */
  private registerDatabase(): void {
    const { pool, pending } = this.opts.database;
    if (pool) {
      new Gauge({
        name: `${PREFIX}db_pool_connections`,
        help: "PostgreSQL's pool: its connections (total), the idle ones, and the queries waiting for one.",
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          const use = pool();
          this.set({ state: 'total' }, use.total);
          this.set({ state: 'idle' }, use.idle);
          this.set({ state: 'waiting' }, use.waiting);
        },
      });
    }
    if (pending) {
      new Gauge({
        name: `${PREFIX}db_pending_operations`,
        help: "The embedded database's statements and tasks not answered yet: the one it runs and those waiting for its one connection.",
        registers: [this.registry],
        collect() {
          this.set(pending());
        },
      });
    }
  }
}
