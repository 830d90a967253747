import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timer } from '../clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';
import { type FanOut, fanOut as sharedFanOut } from './fan-out';
import {
  buildSnapshot,
  eventFrame,
  lazySnapshot,
  PING_FRAME,
  retryFrame,
  type Serialized,
  type Snapshot,
  writeFrame,
} from './snapshot';
import { type Entry, SnapshotEntries, type SnapshotKey } from './snapshot-entries';
import { missedValues, type StoredEvents } from './stored-events';

/**
 * A comment line every 25 s keeps proxies from closing an idle stream; a stream pushed to in the
 * last half of it is not pinged then (it hears something at least every 37.5 s).
 */
export const SNAPSHOT_PING_MS = 25_000;
/** A safety net for changes nobody signals: cached snapshots and aliases are renewed. */
const MAX_AGE_MS = 30_000;
/**
 * When a closing server ends its streams, browsers reconnect after this long plus a random part
 * of the spread: soon (a restarted or another instance is there), not all at once.
 */
const RECONNECT_AFTER_CLOSE_MS = 250;
const RECONNECT_SPREAD_MS = 1000;
/**
 * Under a steady stream of changes, writing them to the viewers takes at most this share of the
 * event loop: the push interval stretches to the last push's writing time divided by it (on the
 * bench's 2 cores, 10,000 viewers' writes take some 150–250 ms: a push every 1.5–2.5 s; 200
 * viewers' some 4 ms leave the interval as it is). The readers' share of a push's cost is not
 * counted here, so the share is small.
 */
const WRITE_SHARE = 0.1;

/** What a live view is made of (see `index.ts`). */
export interface SnapshotHubOptions<Target, Value> {
  /** The key a target's snapshot is kept and signalled under. */
  keyOf: (target: Target) => SnapshotKey;
  /** Computes the value of a target (from the database). */
  compute: (target: Target, now: Date) => Promise<Value>;
  /** Checks the value against its schema (the allow-list) and serializes it, once. */
  serialize: (value: Value, target: Target, now: Date) => Serialized;
  /** The name of the stream's event. */
  event: string;
  /**
   * Pushes what changed instead of the whole value (decision 0075): a stream's first event is
   * the whole value (`event`), each one after it a `changes.event` whose data `between` made
   * from the value the viewers hold and the new one, naming the event it applies to (`baseId`);
   * null when nothing changed. The whole value is then serialized only for a new stream or a
   * GET, its id is this hub's own sequence, and it holds at all times (no validity).
   */
  changes?: {
    event: string;
    between: (before: Value, after: Value, baseId: string) => string | null;
  };
  /** Stored events each stream sees one by one, also after reconnecting (see `StoredEvents`). */
  stored?: StoredEvents<Target, Value>;
  /** How long a browser waits before reconnecting a dropped stream. */
  retryMs: number;
  /**
   * Change signals are coalesced (`ChangeCoalescer`): the first after a quiet moment is
   * computed and pushed at once, those that follow wait together, so that a key is computed
   * and pushed at most once per interval and no change waits longer than one. The interval
   * stretches while pushes are costly (see WRITE_SHARE).
   */
  pushIntervalMs: number;
  /** What failed, in the log: 'scoreboard rankings', say. */
  label: string;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
  /**
   * Whether a key's entry is forgotten when its last stream closes (keys without end, one per
   * game say, whose values nobody reads without a stream); kept by default.
   */
  dropUnwatched?: boolean;
  /** Writes the frames to the viewers (the process's shared one unless told). */
  fanOut?: FanOut;
  /**
   * Told how many milliseconds a change took from its signal (the oldest of a coalesced batch)
   * to its frame written to every viewer, on `clock` (the push latency of the metrics).
   */
  onPushed?: (latencyMs: number) => void;
}

/**
 * A value computed once per change per key (ARCHITECTURE §6) and shared by every viewer of its
 * event stream and by the polling GET. Change signals are coalesced; keys nobody watches are
 * only invalidated, watched keys are recomputed and pushed when they differ. Each snapshot is
 * serialized once; a viewer that stops reading is cut off; every stream gets a ping; a stream
 * reopened with the id of the current snapshot (`Last-Event-ID`) is not sent it again.
 */
export class SnapshotHub<Target, Value> {
  private readonly entries: SnapshotEntries<Target, Value>;
  /** The ids of a hub that pushes changes: this process's own, never one of an earlier one. */
  private readonly idPrefix = randomUUID().slice(0, 8);
  private readonly coalescer: ChangeCoalescer;
  private readonly retry: Buffer;
  private readonly fanOut: FanOut;
  private readonly pingIntervalMs: number;
  private ticker: Timer | null = null;
  /** The size of each open stream's first frame (see `writeFrame`). */
  private readonly firstBytes = new WeakMap<ServerResponse, number>();
  private readonly firstBytesOf = (res: ServerResponse) => this.firstBytes.get(res);
  /** Computations and fan-outs under way (see `idle`). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private seq = 0;
  /** How long writing the last pushed change to its viewers took (see WRITE_SHARE). */
  private lastWriteMs = 0;
  private openStreams = 0;
  private computed = 0;
  private isClosed = false;

  constructor(private readonly opts: SnapshotHubOptions<Target, Value>) {
    this.entries = new SnapshotEntries({
      keyOf: opts.keyOf,
      clock: opts.clock,
      maxAgeMs: MAX_AGE_MS,
    });
    this.coalescer = new ChangeCoalescer({
      intervalMs: () => Math.max(opts.pushIntervalMs, this.lastWriteMs / WRITE_SHARE),
      clock: opts.clock,
      onFlush: (batch, sinceMs) => this.invalidate(batch, sinceMs),
    });
    this.retry = retryFrame(opts.retryMs);
    this.fanOut = opts.fanOut ?? sharedFanOut;
    this.pingIntervalMs = opts.pingIntervalMs ?? SNAPSHOT_PING_MS;
  }

  /** Open streams and computations since start (for `health.read` and the bench). */
  stats(): { openStreams: number; computed: number } {
    return { openStreams: this.openStreams, computed: this.computed };
  }

  /**
   * Resolves once every computation and write to viewers started so far has finished (tests
   * wait for it after moving the clock past a coalescing window; windows are not waited for).
   */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The current snapshot of `target`: from the cache, or computed once on a miss. */
  read(target: Target): Promise<Snapshot<Value>> {
    return this.load(this.entries.entryFor(target));
  }

  /**
   * The target `alias` names in `group` (a route's slug; null: none). It is kept with its
   * snapshot and forgotten with it: on its next change signal, on `forgetAliases`, or after
   * MAX_AGE_MS. A cached read then costs no database round trip.
   */
  resolveAlias(
    group: string,
    alias: string,
    find: (alias: string) => Promise<Target | null>,
  ): Promise<Target | null> {
    return this.entries.resolveAlias(group, alias, find);
  }

  /** Forgets at once the aliases of `item` of the group (null: of all the group): renamed. */
  forgetAliases(group: string, item: string | null): void {
    this.entries.forgetAliases(group, item);
  }

  /** Forgets every alias (change signals may have been missed). */
  forgetAllAliases(): void {
    this.entries.forgetAllAliases();
  }

  /**
   * Writes to an open event stream the value the key's other viewers hold (`initial` when there
   * are none), then every change; not that value when the viewer already has it (`lastEventId`:
   * the id it saw last).
   */
  attach(
    target: Target,
    res: ServerResponse,
    initial: Snapshot<Value>,
    lastEventId?: string,
  ): void {
    // Shutting down, or the viewer left while the value was computed: nothing to keep open.
    if (this.isClosed || !res.socket || res.socket.destroyed) {
      res.end();
      return;
    }
    const entry = this.entries.entryFor(target);
    entry.viewers.add(res);
    this.openStreams += 1;
    res.once('close', () => {
      if (entry.viewers.delete(res)) this.openStreams -= 1;
      // What nobody holds any more is no base for the next viewer.
      if (entry.viewers.size === 0) entry.sent = null;
      if (this.openStreams === 0) this.stopTicker();
      if (this.opts.dropUnwatched) this.entries.dropUnwatched(target, entry);
    });
    // The viewers' value: the newcomer starts from it, so that the next frame (a change) holds
    // for all of them; a newer one follows as that frame.
    const held = (entry.sent ??= initial);
    res.write(this.retry);
    if (held.id !== lastEventId && this.opts.stored) {
      // The events it missed first (read from the database), then the value.
      this.broadcast(entry, () => this.framesUpTo(entry.target, held, lastEventId), {
        viewers: [res],
      });
    } else if (held.id !== lastEventId) {
      this.firstBytes.set(res, held.frame.length);
      writeFrame(res, held.frame);
    }
    // A change may have landed between the computation and now.
    if (held.gen !== entry.gen || (entry.value && entry.value.seq > held.seq)) {
      this.track(this.refresh(entry));
    }
    this.ticker ??= this.opts.clock.setInterval(() => this.tick(), this.pingIntervalMs);
    this.ticker.unref();
  }

  /** Signals that `item` of the group (null: all of it) changed; coalesced. */
  signal(group: string, item: string | null): void {
    this.coalescer.add(group, item);
  }

  /** Treats `item` of the group (null: all of it) as changed now, without the window. */
  invalidateNow(group: string, item: string | null): void {
    this.invalidate(
      new Map([[group, item === null ? 'all' : new Set([item])]]),
      this.opts.clock.monotonicMs(),
    );
  }

  /** Treats everything as changed (signals may have been missed while a listener was down). */
  invalidateAll(): void {
    this.invalidate(this.entries.everything(), this.opts.clock.monotonicMs());
  }

  /**
   * Ends every stream, telling its browser to reconnect soon (to a restarted or another
   * instance), and stops the timers: a graceful shutdown must not wait for them.
   */
  close(): void {
    this.isClosed = true;
    this.coalescer.stop();
    this.stopTicker();
    for (const entry of this.entries.all()) {
      for (const res of entry.viewers) {
        const afterMs = RECONNECT_AFTER_CLOSE_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS);
        writeFrame(res, retryFrame(afterMs));
        res.end();
      }
    }
  }

  /** Forgets or recomputes what `batch` changed, signalled at `signalledMs` (monotonic). */
  private invalidate(batch: ChangeBatch, signalledMs: number): void {
    // Closed: nobody to push to, and the database may be closing.
    if (this.isClosed) return;
    for (const entry of this.entries.changedBy(batch)) {
      entry.gen += 1;
      if (entry.viewers.size > 0) this.track(this.refresh(entry, signalledMs));
      else entry.value = null;
    }
  }

  private isFresh(entry: Entry<Target, Value>, snap: Snapshot<Value>): boolean {
    const nowMs = this.opts.clock.nowMs();
    return (
      snap.gen === entry.gen &&
      nowMs >= snap.validFromMs &&
      nowMs < snap.validUntilMs &&
      this.opts.clock.monotonicMs() - snap.computedAtMs < MAX_AGE_MS
    );
  }

  private load(entry: Entry<Target, Value>): Promise<Snapshot<Value>> {
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

  private async compute(entry: Entry<Target, Value>): Promise<Snapshot<Value>> {
    const gen = entry.gen;
    const { target } = entry;
    const now = this.opts.clock.now();
    const value = await this.opts.compute(target, now);
    this.computed += 1;
    this.seq += 1;
    const meta = {
      event: this.opts.event,
      gen,
      seq: this.seq,
      computedAtMs: this.opts.clock.monotonicMs(),
    };
    const serialize = () => this.opts.serialize(value, target, now);
    const cursor = this.opts.stored?.cursorOf(value);
    entry.value = this.opts.changes
      ? lazySnapshot(value, () => serialize().json, { ...meta, id: `${this.idPrefix}-${meta.seq}` })
      : buildSnapshot(value, serialize(), { ...meta, cursor });
    return entry.value;
  }

  /** Pushes the entry's current value to its viewers if they lack it (after a signal: when). */
  private async refresh(entry: Entry<Target, Value>, signalledMs?: number): Promise<void> {
    try {
      const snap = await this.load(entry);
      const held = entry.sent;
      if (held && held.seq >= snap.seq) return;
      const { changes } = this.opts;
      if (!held || !changes) {
        entry.sent = snap;
        if (held?.id === snap.id) return;
        if (held && this.opts.stored) {
          // Events between the held value's and this one's are each sent too.
          this.broadcast(entry, () => this.framesUpTo(entry.target, snap, held.id), {
            signalledMs,
          });
        } else {
          this.broadcast(entry, () => [snap.frame], { signalledMs });
        }
        return;
      }
      const change = changes.between(held.value, snap.value, held.id);
      // Nothing changed: the viewers keep the value they hold, and its id.
      if (change === null) return;
      entry.sent = snap;
      const frame = eventFrame(snap.id, changes.event, change);
      this.broadcast(entry, () => [frame], { signalledMs });
    } catch (err) {
      this.opts.logger.error({ err }, `${this.opts.label} could not be computed`);
    }
  }

  /**
   * The frames of the stored events after the one `seenId` names, then `snap`'s (see
   * `StoredEvents`); each event's id is its cursor.
   */
  private async framesUpTo(target: Target, snap: Snapshot<Value>, seenId?: string) {
    const { stored, serialize, event } = this.opts;
    if (!stored) return [snap.frame];
    const now = this.opts.clock.now();
    const missed = await missedValues(stored, target, snap.value, seenId);
    return [
      ...missed.map((value) =>
        eventFrame(String(stored.cursorOf(value)), event, serialize(value, target, now).json),
      ),
      snap.frame,
    ];
  }

  /**
   * Writes the frames `make` makes to `viewers` (the entry's current ones by default) through
   * the fan-out (in slices that let requests in), after any frame before them. Frames that
   * cannot be made end those streams: their browsers reconnect and ask again. For a change
   * signalled at `signalledMs`, tells `onPushed` how long it took.
   */
  private broadcast(
    entry: Entry<Target, Value>,
    make: () => Buffer[] | Promise<Buffer[]>,
    opts: { viewers?: ServerResponse[]; signalledMs?: number } = {},
  ): void {
    const { viewers = [...entry.viewers], signalledMs } = opts;
    entry.fanOut = entry.fanOut.then(async () => {
      let frames: Buffer[];
      try {
        frames = await make();
      } catch (err) {
        this.opts.logger.error({ err }, `${this.opts.label} could not be computed`);
        for (const res of viewers) res.end();
        return;
      }
      if (!opts.viewers) entry.pushedAtMs = this.opts.clock.monotonicMs();
      const writeMs = await this.fanOut.write(viewers, frames, this.firstBytesOf);
      if (signalledMs !== undefined && viewers.length > 0) {
        this.lastWriteMs = writeMs;
        this.opts.onPushed?.(this.opts.clock.monotonicMs() - signalledMs);
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
    for (const entry of this.entries.all()) {
      if (entry.viewers.size === 0) continue;
      // Streams pushed to in the last half interval need no ping yet (every stream still hears
      // something at least every 1.5 intervals): 10,000 pings beside a push would slow it.
      if (this.opts.clock.monotonicMs() - entry.pushedAtMs >= this.pingIntervalMs / 2) {
        this.track(this.fanOut.write([...entry.viewers], [PING_FRAME], this.firstBytesOf));
      }
      // Past its validity (local midnight, say) a value is computed again, changed or not.
      if (!entry.value || !this.isFresh(entry, entry.value)) this.track(this.refresh(entry));
    }
  }

  private stopTicker(): void {
    if (this.ticker) this.opts.clock.clearInterval(this.ticker);
    this.ticker = null;
  }
}
