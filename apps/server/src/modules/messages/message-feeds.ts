import type { ServerResponse } from 'node:http';
import { MESSAGE_EVENT, PlayerMessageSchema } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock, Timer } from '../../infra/clock';
import {
  eventFrame,
  type FanOut,
  fanOut as sharedFanOut,
  PING_FRAME,
  retryFrame,
  SNAPSHOT_PING_MS,
  type StreamHub,
  writeFrame,
} from '../../infra/realtime';
import type { AppSignals } from '../../signals';
import type { Metrics } from '../metrics/metrics';
import { lastSeq, readFeed, readSentAfter } from './messages.repository';
import { INBOX_LIMIT, playerMessage } from './messages.service';

/** How long a phone waits before reconnecting a dropped feed. */
const RETRY_MS = 3000;
/** When the server closes, phones reconnect after this plus a random part of the spread. */
const RECONNECT_AFTER_CLOSE_MS = 250;
const RECONNECT_SPREAD_MS = 1000;

/** A team's feed, as its phone follows it. */
export interface FeedTarget {
  scope: TenantScope;
  teamId: string;
}

/** What this instance holds of one tenant's feeds. */
interface TenantFeeds {
  scope: TenantScope;
  /** The highest `seq` of the tenant pushed (or known when the first phone came); null: not read. */
  watermark: number | null;
  /** The open streams, per team. */
  teams: Map<string, Set<ServerResponse>>;
  streams: number;
  /** The tenant's work, one piece at a time: a phone's catch-up, a push. */
  queue: Promise<void>;
}

/**
 * The phones' message feeds (decision 0084). A sent message is stored, committed, then
 * signalled; on the signal this instance reads every message of the tenant after its watermark,
 * with the teams each went to (one query), makes each message's frame once and writes it to the
 * streams of its teams through the shared fan-out. A tenant's messages commit in `seq` order, so
 * a read after the watermark misses none and repeats none, whichever signal comes first. A phone
 * that connects gets what it missed after `Last-Event-ID` (or `?after=`) first, in order; the
 * tenant's work runs one piece at a time, so a push never overtakes a catch-up.
 */
export class MessageFeeds implements StreamHub<FeedTarget, number | null> {
  private readonly tenants = new Map<string, TenantFeeds>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly retry = retryFrame(RETRY_MS);
  private readonly fanOut: FanOut;
  private ticker: Timer | null = null;
  private openStreams = 0;
  private isClosed = false;

  constructor(
    private readonly opts: {
      db: Db;
      clock: Clock;
      logger: Pick<FastifyBaseLogger, 'error'>;
      pingIntervalMs?: number;
      fanOut?: FanOut;
      /** Told how long a message took from its signal to its frame written (the metrics). */
      onPushed?: (latencyMs: number) => void;
    },
  ) {
    this.fanOut = opts.fanOut ?? sharedFanOut;
  }

  /** Open streams (for the metrics and the bench). */
  stats(): { openStreams: number } {
    return { openStreams: this.openStreams };
  }

  /** Resolves once every catch-up and push started so far has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Keeps `res` as a stream of the team's feed: first the messages after the `seq` that
   * `lastEventId` (the browser's reconnection) or `after` (a fresh page) names, oldest first,
   * then each message as it is sent. Without either, only what is sent from now on.
   */
  attach(target: FeedTarget, res: ServerResponse, after: number | null, lastEventId?: string) {
    if (this.isClosed || !res.socket || res.socket.destroyed) {
      res.end();
      return;
    }
    const resumeAt = seqOf(lastEventId) ?? after;
    const feeds = this.feedsOf(target.scope);
    feeds.streams += 1;
    this.openStreams += 1;
    res.write(this.retry);
    let team: Set<ServerResponse> | undefined;
    res.once('close', () => {
      this.openStreams -= 1;
      feeds.streams -= 1;
      if (team?.delete(res) && team.size === 0) feeds.teams.delete(target.teamId);
      if (feeds.streams === 0 && this.tenants.get(target.scope.tenantId) === feeds) {
        this.tenants.delete(target.scope.tenantId);
      }
      if (this.openStreams === 0) this.stopTicker();
    });
    this.enqueue(feeds, async () => {
      if (res.writableEnded || res.destroyed) return;
      feeds.watermark ??= await lastSeq(this.opts.db, target.scope);
      if (resumeAt !== null && resumeAt < feeds.watermark) {
        const missed = await readFeed(this.opts.db, target.scope, {
          teamId: target.teamId,
          after: resumeAt,
          upTo: feeds.watermark,
          limit: INBOX_LIMIT,
        });
        for (const row of missed) writeFrame(res, this.frameOf(row, row.read_ms));
      }
      if (res.writableEnded || res.destroyed) return;
      team = feeds.teams.get(target.teamId) ?? new Set();
      feeds.teams.set(target.teamId, team);
      team.add(res);
    });
    this.ticker ??= this.opts.clock.setInterval(() => this.ping(), this.pingIntervalMs);
    this.ticker.unref();
  }

  /** A message of the tenant was sent (here or on another instance): its phones get it. */
  signal(tenantId: string, signalledMs = this.opts.clock.monotonicMs()): void {
    const feeds = this.tenants.get(tenantId);
    if (!feeds || this.isClosed) return;
    this.enqueue(feeds, () => this.push(feeds, signalledMs));
  }

  /** Signals may have been missed (the channel to the other instances was lost): read again. */
  catchUpAll(): void {
    for (const tenantId of this.tenants.keys()) this.signal(tenantId);
  }

  /** Ends every stream, telling phones to reconnect soon (to a restarted or another instance). */
  close(): void {
    this.isClosed = true;
    this.stopTicker();
    for (const feeds of this.tenants.values()) {
      for (const team of feeds.teams.values()) {
        for (const res of team) {
          const afterMs =
            RECONNECT_AFTER_CLOSE_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS);
          writeFrame(res, retryFrame(afterMs));
          res.end();
        }
      }
    }
  }

  private get pingIntervalMs(): number {
    return this.opts.pingIntervalMs ?? SNAPSHOT_PING_MS;
  }

  private feedsOf(scope: TenantScope): TenantFeeds {
    let feeds = this.tenants.get(scope.tenantId);
    if (!feeds) {
      feeds = { scope, watermark: null, teams: new Map(), streams: 0, queue: Promise.resolve() };
      this.tenants.set(scope.tenantId, feeds);
    }
    return feeds;
  }

  /** Runs `work` after the tenant's earlier work; a failure is logged, the queue goes on. */
  private enqueue(feeds: TenantFeeds, work: () => Promise<void>): void {
    const run = feeds.queue.then(work).catch((err: unknown) => {
      this.opts.logger.error({ err }, 'message feed could not be read');
    });
    feeds.queue = run;
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Writes the tenant's messages after its watermark to the streams of their teams. */
  private async push(feeds: TenantFeeds, signalledMs: number): Promise<void> {
    if (feeds.watermark === null || this.isClosed) return;
    const sent = await readSentAfter(this.opts.db, feeds.scope, feeds.watermark);
    for (const message of sent) {
      feeds.watermark = Math.max(feeds.watermark, message.seq);
      const viewers = message.teams.flatMap((teamId) => [...(feeds.teams.get(teamId) ?? [])]);
      if (viewers.length === 0) continue;
      // A team's own line is read by it when written; what the staff send is unread.
      const readMs = message.author === 'team' ? message.sent_ms : null;
      await this.fanOut.write(viewers, [this.frameOf(message, readMs)]);
    }
    if (sent.length > 0) this.opts.onPushed?.(this.opts.clock.monotonicMs() - signalledMs);
  }

  private frameOf(row: Parameters<typeof playerMessage>[0], readMs: number | null): Buffer {
    const message = PlayerMessageSchema.parse(playerMessage(row, readMs));
    return eventFrame(String(message.seq), MESSAGE_EVENT, JSON.stringify(message));
  }

  private ping(): void {
    const viewers = [...this.tenants.values()].flatMap((feeds) =>
      [...feeds.teams.values()].flatMap((team) => [...team]),
    );
    const write = this.fanOut.write(viewers, [PING_FRAME]);
    this.inFlight.add(write);
    void write.finally(() => this.inFlight.delete(write));
  }

  private stopTicker(): void {
    if (this.ticker) this.opts.clock.clearInterval(this.ticker);
    this.ticker = null;
  }
}

/** The `seq` an event id names (a message's id is its `seq`), else null. */
function seqOf(id: string | undefined): number | null {
  return id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : null;
}

/** The feeds, pushed on the `message` signal of their tenant and read again after a loss. */
export function startMessageFeeds(opts: {
  db: Db;
  signals: AppSignals;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
  metrics: Metrics;
}): MessageFeeds {
  const feeds = new MessageFeeds({
    ...opts,
    onPushed: (latencyMs) => opts.metrics.pushed('messages', latencyMs),
  });
  opts.signals.on('message', (tenantId) => feeds.signal(tenantId));
  opts.signals.onMissed(() => feeds.catchUpAll());
  return feeds;
}
