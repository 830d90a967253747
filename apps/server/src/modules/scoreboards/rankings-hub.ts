import type { ServerResponse } from 'node:http';
import type { Rankings } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timer } from '../../infra/clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';
import {
  buildSnapshot,
  PING_FRAME,
  RETRY_FRAME,
  type Snapshot,
  writeFrame,
} from './rankings-snapshot';
import type { RankingTarget } from './scoreboards.service';

/** A route as a ranking names it (its id, slug, title and type). */
type RankingRoute = NonNullable<RankingTarget['route']>;

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const SCOREBOARD_PING_MS = 25_000;
/**
 * The first change after a quiet moment is computed and pushed at once; the changes that follow
 * it this close together make one more computation (at the latest after 1 s).
 */
export const RANKINGS_QUIET_MS = 150;
export const RANKINGS_MAX_WAIT_MS = 1000;
/** A safety net for changes nobody signals: cached rankings and route lookups are renewed. */
const MAX_AGE_MS = 30_000;
const ALL_ROUTES = '*';
/**
 * A new ranking is written to this many viewers, then the event loop serves other requests
 * before the next ones: 10,000 viewers would otherwise hold it for a tenth of a second.
 */
const FAN_OUT_BATCH = 500;

interface Entry {
  target: RankingTarget;
  viewers: Set<ServerResponse>;
  /** Bumped by every change signal: a snapshot of an older generation is stale. */
  gen: number;
  value: Snapshot | null;
  /** The last snapshot written to the viewers. */
  sent: Snapshot | null;
  running: Promise<Snapshot> | null;
  runningGen: number;
  /** The frames being written to the viewers, one after the other (see FAN_OUT_BATCH). */
  fanOut: Promise<void>;
  /**
   * The generation at which the route was last looked up by its slug (-1: not looked up, or
   * forgotten): the lookup is reused while the entry stays at that generation.
   */
  lookupGen: number;
  lookupAtMs: number;
}

/**
 * Rankings computed once per change per tenant/route (ARCHITECTURE §6) and shared by every
 * viewer of the event stream and by the polling GET. Change signals are coalesced; keys nobody
 * watches are only invalidated, watched keys are recomputed and pushed when they differ.
 */
export class RankingsHub {
  private readonly tenants = new Map<string, Map<string, Entry>>();
  /** Per tenant, the entries of the routes looked up by slug (see `resolveRoute`). */
  private readonly slugs = new Map<string, Map<string, Entry>>();
  /** Counts `forgetRoutes` calls: a lookup that saw one start during it is not kept. */
  private routeForgets = 0;
  private readonly coalescer: ChangeCoalescer;
  private ticker: Timer | null = null;
  /** Computations and fan-outs under way (see `idle`). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private seq = 0;
  private openStreams = 0;
  private computed = 0;
  private isClosed = false;

  constructor(
    private readonly opts: {
      compute: (target: RankingTarget, now: Date) => Promise<Rankings>;
      clock: Clock;
      logger: Pick<FastifyBaseLogger, 'error'>;
      pingIntervalMs?: number;
    },
  ) {
    this.coalescer = new ChangeCoalescer({
      quietMs: RANKINGS_QUIET_MS,
      maxWaitMs: RANKINGS_MAX_WAIT_MS,
      isLeadingEdge: true,
      clock: opts.clock,
      onFlush: (batch) => this.invalidate(batch),
    });
  }

  /** Open streams and ranking computations since start (for `/api/health` and the bench). */
  stats() {
    return { open_streams: this.openStreams, rankings_computed: this.computed };
  }

  /**
   * Resolves once every computation and write to viewers started so far has finished (tests
   * wait for it after moving the clock past a coalescing window; windows are not waited for).
   */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The current rankings of `target`: from the cache, or computed once on a miss. */
  read(target: RankingTarget): Promise<Snapshot> {
    return this.load(this.entryFor(target));
  }

  /**
   * The ranking target of the tenant's route `slug` (null: no such route). The lookup is kept with
   * the route's rankings and forgotten with them: on their next change signal, on
   * `forgetRoutes`, or after MAX_AGE_MS. A cached read then costs no database round trip.
   */
  async resolveRoute(
    base: Omit<RankingTarget, 'route'>,
    slug: string,
    find: (slug: string) => Promise<RankingRoute | null>,
  ): Promise<RankingTarget | null> {
    const tenantId = base.scope.tenantId;
    const known = this.slugs.get(tenantId)?.get(slug);
    if (known?.target.route && this.isLookupFresh(known)) {
      return { ...base, route: known.target.route };
    }
    const forgets = this.routeForgets;
    const route = await find(slug);
    let slugs = this.slugs.get(tenantId);
    if (!route) {
      slugs?.delete(slug);
      return null;
    }
    const target = { ...base, route };
    // A change signalled while the database answered may be missing from what it answered.
    if (forgets !== this.routeForgets) return target;
    const entry = this.entryFor(target);
    entry.lookupGen = entry.gen;
    entry.lookupAtMs = this.opts.clock.monotonicMs();
    if (!slugs) this.slugs.set(tenantId, (slugs = new Map<string, Entry>()));
    slugs.set(slug, entry);
    return target;
  }

  /**
   * Forgets the slug lookups of the tenant's route (null: of all its routes) at once: the route
   * was renamed, moved to another slug, switched off or deleted.
   */
  forgetRoutes(tenantId: string, routeId: string | null): void {
    this.routeForgets += 1;
    const slugs = this.slugs.get(tenantId);
    if (!slugs) return;
    for (const [slug, entry] of slugs) {
      if (routeId !== null && entry.target.route?.id !== routeId) continue;
      entry.lookupGen = -1;
      slugs.delete(slug);
    }
  }

  /**
   * Treats the rankings of the tenant's route (null: all its rankings) as changed now, without
   * the coalescing window: the route or the tenant itself changed (a title is in the rankings).
   */
  invalidateNow(tenantId: string, routeId: string | null): void {
    this.invalidate(new Map([[tenantId, routeId === null ? 'all' : new Set([routeId])]]));
  }

  /** Forgets every slug lookup (change signals may have been missed). */
  forgetAllRoutes(): void {
    this.routeForgets += 1;
    for (const slugs of this.slugs.values())
      for (const entry of slugs.values()) entry.lookupGen = -1;
    this.slugs.clear();
  }

  /** Writes `initial` (or a newer ranking) to an open event stream, then every change. */
  attach(target: RankingTarget, res: ServerResponse, initial: Snapshot): void {
    // Shutting down, or the viewer left while the ranking was computed: nothing to keep open.
    if (this.isClosed || !res.socket || res.socket.destroyed) {
      res.end();
      return;
    }
    const entry = this.entryFor(target);
    entry.viewers.add(res);
    this.openStreams += 1;
    res.once('close', () => {
      if (entry.viewers.delete(res)) this.openStreams -= 1;
      if (this.openStreams === 0) this.stopTicker();
    });
    const newest = entry.sent && entry.sent.seq > initial.seq ? entry.sent : initial;
    entry.sent ??= newest;
    res.write(RETRY_FRAME);
    writeFrame(res, newest.frame);
    // A change may have landed between the computation and now.
    if (newest.gen !== entry.gen) this.track(this.refresh(entry));
    this.ticker ??= this.opts.clock.setInterval(
      () => this.tick(),
      this.opts.pingIntervalMs ?? SCOREBOARD_PING_MS,
    );
    this.ticker.unref();
  }

  /** Signals that the rows of `routeId` (null: any route) of the tenant changed. */
  signal(tenantId: string, routeId: string | null): void {
    this.coalescer.add(tenantId, routeId);
  }

  /** Treats everything as changed (signals may have been missed while a listener was down). */
  invalidateAll(): void {
    this.invalidate(new Map([...this.tenants.keys()].map((id) => [id, 'all' as const])));
  }

  /** Ends every stream and stops the timers (graceful shutdown must not wait for them). */
  close(): void {
    this.isClosed = true;
    this.coalescer.stop();
    this.stopTicker();
    for (const routes of this.tenants.values())
      for (const entry of routes.values()) for (const res of entry.viewers) res.end();
  }

  private entryFor(target: RankingTarget): Entry {
    const tenantId = target.scope.tenantId;
    const key = target.route?.id ?? ALL_ROUTES;
    let routes = this.tenants.get(tenantId);
    if (!routes) this.tenants.set(tenantId, (routes = new Map<string, Entry>()));
    let entry = routes.get(key);
    if (!entry) {
      entry = {
        target,
        viewers: new Set(),
        gen: 0,
        value: null,
        sent: null,
        running: null,
        runningGen: 0,
        fanOut: Promise.resolve(),
        lookupGen: -1,
        lookupAtMs: 0,
      };
      routes.set(key, entry);
    }
    entry.target = target; // the latest time zone and route title
    return entry;
  }

  private invalidate(batch: ChangeBatch): void {
    for (const [tenantId, changed] of batch) {
      for (const [key, entry] of this.tenants.get(tenantId) ?? []) {
        // The all-routes ranking changes with any of the tenant's routes.
        if (changed !== 'all' && key !== ALL_ROUTES && !changed.has(key)) continue;
        entry.gen += 1;
        if (entry.viewers.size > 0) this.track(this.refresh(entry));
        else entry.value = null;
      }
    }
  }

  private isLookupFresh(entry: Entry): boolean {
    return (
      entry.lookupGen === entry.gen && this.opts.clock.monotonicMs() - entry.lookupAtMs < MAX_AGE_MS
    );
  }

  private isFresh(entry: Entry, snap: Snapshot): boolean {
    const nowMs = this.opts.clock.nowMs();
    return (
      snap.gen === entry.gen &&
      nowMs >= snap.dayStartMs &&
      nowMs < snap.dayEndMs &&
      this.opts.clock.monotonicMs() - snap.computedAtMs < MAX_AGE_MS
    );
  }

  private load(entry: Entry): Promise<Snapshot> {
    if (entry.value && this.isFresh(entry, entry.value)) return Promise.resolve(entry.value);
    if (entry.running && entry.runningGen === entry.gen) return entry.running;
    // One computation per key at a time: a newer one waits for the older one.
    const previous = entry.running ?? Promise.resolve(null);
    const run = previous.then(
      () => this.compute(entry),
      () => this.compute(entry),
    );
    entry.running = run;
    entry.runningGen = entry.gen;
    const clear = () => {
      if (entry.running === run) entry.running = null;
    };
    run.then(clear, clear);
    return run;
  }

  private async compute(entry: Entry): Promise<Snapshot> {
    const gen = entry.gen;
    const { target } = entry;
    const now = this.opts.clock.now();
    const rankings = await this.opts.compute(target, now);
    this.computed += 1;
    this.seq += 1;
    entry.value = buildSnapshot(rankings, {
      gen,
      seq: this.seq,
      now,
      timeZone: target.timeZone,
      computedAtMs: this.opts.clock.monotonicMs(),
    });
    return entry.value;
  }

  private async refresh(entry: Entry): Promise<void> {
    try {
      const snap = await this.load(entry);
      if (entry.sent && entry.sent.seq >= snap.seq) return;
      const changed = entry.sent?.comparable !== snap.comparable;
      entry.sent = snap;
      if (changed) this.broadcast(entry, snap.frame);
    } catch (err) {
      this.opts.logger.error({ err }, 'scoreboard rankings could not be computed');
    }
  }

  /** Writes `frame` to the entry's current viewers in batches, after any frame before it. */
  private broadcast(entry: Entry, frame: Buffer): void {
    const viewers = [...entry.viewers];
    entry.fanOut = entry.fanOut.then(async () => {
      for (let i = 0; i < viewers.length; i += FAN_OUT_BATCH) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        for (const res of viewers.slice(i, i + FAN_OUT_BATCH)) writeFrame(res, frame);
      }
    });
    this.track(entry.fanOut);
  }

  /** Keeps `work` among the work `idle` waits for until it settles. */
  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
  }

  private tick(): void {
    for (const routes of this.tenants.values()) {
      for (const entry of routes.values()) {
        if (entry.viewers.size === 0) continue;
        for (const res of entry.viewers) writeFrame(res, PING_FRAME);
        // Past local midnight "today" starts over, with or without a change.
        if (!entry.value || !this.isFresh(entry, entry.value)) this.track(this.refresh(entry));
      }
    }
  }

  private stopTicker(): void {
    if (this.ticker) this.opts.clock.clearInterval(this.ticker);
    this.ticker = null;
  }
}
