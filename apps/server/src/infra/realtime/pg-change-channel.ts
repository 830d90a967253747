import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Clock, Timer } from '../clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';

/** Whether the channel listens, or lost its connection and is reconnecting. */
export type ChannelState = 'listening' | 'away';

/** The one PostgreSQL channel every instance listens on. */
export const CHANGE_CHANNEL = 'tappa_changes';
/**
 * Outgoing coalesced signals: the first after a quiet window at once, then at most one NOTIFY
 * per signal name per window.
 */
const NOTIFY_WINDOW_MS = 100;
const NOTIFY_BATCH = 100;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
/** The item of a signal about a whole group. */
const WHOLE_GROUP = '*';

/**
 * Change signals between app instances on one PostgreSQL (ARCHITECTURE §6, §9): a dedicated
 * client LISTENs (and reconnects with backoff when it drops); outgoing signals are sent as NOTIFY
 * outside any transaction, the frequent ones coalesced. A payload is
 * `instance:signal:group:item` (`*`: the whole group), read by instances of the same version
 * only: the signal's name, group and item hold no `:`. An instance ignores its own signals (it
 * handled them in memory already).
 */
export class PgChangeChannel {
  private readonly instanceId = randomUUID();
  /** One coalescer per signal name (see `notify`). */
  private readonly outgoing = new Map<string, ChangeCoalescer>();
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
      /** Sends NOTIFY payloads on a channel, outside any transaction (`db.notify`). */
      send: (channel: string, payloads: readonly string[]) => Promise<void>;
      clock: Clock;
      logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
      /** Another instance sent the signal `name` about `item` of `group` (null: all of it). */
      onSignal: (name: string, group: string, item: string | null) => void;
      /** The connection is lost: signals are missed until `onReconnect`. */
      onAway: () => void;
      /** After a reconnection: signals may have been missed meanwhile. */
      onReconnect: () => void;
    },
  ) {}

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

  /** Queues a frequent signal for the other instances: at most one per NOTIFY_WINDOW_MS. */
  notify(name: string, group: string, item: string | null): void {
    if (this.isClosed) return;
    let coalescer = this.outgoing.get(name);
    if (!coalescer) {
      coalescer = new ChangeCoalescer({
        intervalMs: () => NOTIFY_WINDOW_MS,
        clock: this.opts.clock,
        onFlush: (batch) => {
          this.sending = this.sending.then(() => this.send(name, batch));
        },
      });
      this.outgoing.set(name, coalescer);
    }
    coalescer.add(group, item);
  }

  /** Tells the other instances at once (a rare signal: a staff edit, say). */
  notifyNow(name: string, group: string, item: string | null): void {
    if (this.isClosed) return;
    const payload = this.payload(name, group, item ?? WHOLE_GROUP);
    this.sending = this.sending.then(() => this.sendPayloads([payload]));
  }

  /** Sends the queued signals now (before shutdown). */
  async flush(): Promise<void> {
    for (const coalescer of this.outgoing.values()) coalescer.flush();
    await this.sending;
  }

  /** Stops listening and retrying. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const coalescer of this.outgoing.values()) coalescer.stop();
    if (this.retryTimer) this.opts.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private payload(name: string, group: string, item: string): string {
    return `${this.instanceId}:${name}:${group}:${item}`;
  }

  private async send(name: string, batch: ChangeBatch): Promise<void> {
    const payloads: string[] = [];
    for (const [group, items] of batch) {
      for (const item of items === 'all' ? [WHOLE_GROUP] : items)
        payloads.push(this.payload(name, group, item));
    }
    await this.sendPayloads(payloads);
  }

  private async sendPayloads(payloads: string[]): Promise<void> {
    for (let i = 0; i < payloads.length; i += NOTIFY_BATCH) {
      try {
        await this.opts.send(CHANGE_CHANNEL, payloads.slice(i, i + NOTIFY_BATCH));
      } catch (err) {
        this.opts.logger.warn({ err }, 'a change signal could not be sent to other instances');
      }
    }
  }

  private receive(payload: string | undefined): void {
    const [from, name, group, item] = (payload ?? '').split(':');
    if (!from || !name || !group || !item || from === this.instanceId) return;
    this.opts.onSignal(name, group, item === WHOLE_GROUP ? null : item);
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
      this.opts.logger.warn({ err }, 'change listener lost its connection; reconnecting');
      if (this.hasListened) this.opts.onAway();
      this.enter('away');
      this.scheduleReconnect();
    };
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
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
      this.opts.logger.info('change listener reconnected');
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
