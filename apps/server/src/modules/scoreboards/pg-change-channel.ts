import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/db';
import type { Clock, Timer } from '../../infra/clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';
import { notifyChanges } from './scoreboards.repository';

/** Whether the channel listens, or lost its connection and is reconnecting. */
export type ChannelState = 'listening' | 'away';

/** The one PostgreSQL channel every instance listens on. */
export const SCOREBOARD_CHANNEL = 'tappa_scoreboard';
/** Outgoing signals are sent at most once per key per window. */
const NOTIFY_WINDOW_MS = 100;
const NOTIFY_BATCH = 100;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const ALL_ROUTES = '*';
/** The fourth part of a content signal's payload (a score signal has three). */
const CONTENT = 'content';

/**
 * "Scoreboard changed" signals between app instances on one PostgreSQL (ARCHITECTURE §6, §9):
 * a dedicated client LISTENs (and reconnects with backoff when it drops); outgoing signals are
 * coalesced and sent as NOTIFY outside any transaction. An instance ignores its own signals
 * (it handled them in memory already).
 */
export class PgChangeChannel {
  private readonly instanceId = randomUUID();
  private readonly outgoing: ChangeCoalescer;
  private client: pg.Client | null = null;
  private sending: Promise<void> = Promise.resolve();
  private retryTimer: Timer | null = null;
  private failures = 0;
  private hasListened = false;
  private isClosed = false;
  private waiters: { state: ChannelState; resolve: () => void }[] = [];

  constructor(
    private readonly opts: {
      url: string;
      db: Db;
      clock: Clock;
      logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
      onChange: (tenantId: string, routeId: string | null) => void;
      /** Another instance changed the tenant's row or its route (null: the tenant itself). */
      onContentChange: (tenantId: string, routeId: string | null) => void;
      /** The connection is lost: signals are missed until `onReconnect`. */
      onAway: () => void;
      /** After a reconnection: signals may have been missed meanwhile. */
      onReconnect: () => void;
    },
  ) {
    this.outgoing = new ChangeCoalescer({
      quietMs: NOTIFY_WINDOW_MS,
      maxWaitMs: NOTIFY_WINDOW_MS,
      clock: opts.clock,
      onFlush: (batch) => {
        this.sending = this.sending.then(() => this.send(batch));
      },
    });
  }

  /** Starts listening; a failed first attempt keeps retrying in the background. */
  start(): Promise<void> {
    return this.connect();
  }

  /**
   * Resolves the next time the channel is in `state`: 'listening' when it starts listening
   * (again, after a lost connection), 'away' when it loses its connection.
   */
  next(state: ChannelState): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ state, resolve }));
  }

  /** Queues a signal for the other instances. */
  notify(tenantId: string, routeId: string | null): void {
    if (!this.isClosed) this.outgoing.add(tenantId, routeId);
  }

  /**
   * Tells the other instances at once that the tenant's row or its route changed (rare: staff
   * edits), so that their cached reads forget it (decision 0049).
   */
  notifyContent(tenantId: string, routeId: string | null): void {
    if (this.isClosed) return;
    const payload = `${this.instanceId}:${tenantId}:${routeId ?? ALL_ROUTES}:${CONTENT}`;
    this.sending = this.sending.then(() => this.sendPayloads([payload]));
  }

  /** Sends the queued signals now (before shutdown). */
  async flush(): Promise<void> {
    this.outgoing.flush();
    await this.sending;
  }

  /** Stops listening and retrying. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.outgoing.stop();
    if (this.retryTimer) this.opts.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async send(batch: ChangeBatch): Promise<void> {
    const payloads: string[] = [];
    for (const [tenantId, routes] of batch) {
      for (const routeId of routes === 'all' ? [ALL_ROUTES] : routes)
        payloads.push(`${this.instanceId}:${tenantId}:${routeId}`);
    }
    await this.sendPayloads(payloads);
  }

  private async sendPayloads(payloads: string[]): Promise<void> {
    for (let i = 0; i < payloads.length; i += NOTIFY_BATCH) {
      try {
        await notifyChanges(this.opts.db, SCOREBOARD_CHANNEL, payloads.slice(i, i + NOTIFY_BATCH));
      } catch (err) {
        this.opts.logger.warn({ err }, 'scoreboard change could not be sent to other instances');
      }
    }
  }

  private receive(payload: string | undefined): void {
    const [from, tenantId, routeId, kind] = (payload ?? '').split(':');
    if (!from || !tenantId || !routeId || from === this.instanceId) return;
    const route = routeId === ALL_ROUTES ? null : routeId;
    if (kind === CONTENT) this.opts.onContentChange(tenantId, route);
    else this.opts.onChange(tenantId, route);
  }

  private async connect(): Promise<void> {
    if (this.isClosed) return;
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true });
    let isDropped = false;
    const drop = (err?: unknown) => {
      if (isDropped) return;
      isDropped = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.isClosed) return;
      this.opts.logger.warn({ err }, 'scoreboard listener lost its connection; reconnecting');
      if (this.hasListened) this.opts.onAway();
      this.enter('away');
      this.scheduleReconnect();
    };
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${SCOREBOARD_CHANNEL}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (this.isClosed) {
      isDropped = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    if (this.hasListened) {
      this.opts.logger.info('scoreboard listener reconnected');
      this.opts.onReconnect();
    }
    this.hasListened = true;
    this.enter('listening');
  }

  private enter(state: ChannelState): void {
    const waiting = this.waiters;
    this.waiters = waiting.filter((waiter) => waiter.state !== state);
    for (const waiter of waiting) if (waiter.state === state) waiter.resolve();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer) return;
    const backoffMs = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.failures);
    this.failures += 1;
    // Jitter: instances that lost the database together do not come back in lockstep.
    const delayMs = backoffMs / 2 + Math.random() * (backoffMs / 2);
    this.retryTimer = this.opts.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delayMs);
    this.retryTimer.unref();
  }
}
