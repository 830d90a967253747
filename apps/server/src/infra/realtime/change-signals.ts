import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { type ChannelState, PgChangeChannel } from './pg-change-channel';

/**
 * How a signal reaches the other instances: 'coalesced' for frequent ones (at most one per key
 * per 100 ms), 'immediate' for rare ones that must not wait (a staff edit).
 */
export type Delivery = 'coalesced' | 'immediate';

/**
 * Called with the key of a signal (an item of a group; null: the whole group) and whether it was
 * published by this instance or came from another one.
 */
export type SignalHandler = (group: string, item: string | null, from: SignalOrigin) => void;

/** Where a signal was published: by this instance, or by another one through the database. */
export type SignalOrigin = 'here' | 'elsewhere';

/**
 * Named change signals (the app declares its names in `src/signals.ts`): publishing one calls
 * this instance's subscribers at once and, on PostgreSQL, tells the other instances through the
 * change channel, whose subscribers are called when it arrives. A signal's key is an item of a
 * group (a route of a tenant), or a whole group; names, groups and items hold no `:`. The only
 * subscriber of the database channel is this class.
 */
export class ChangeSignals<Name extends string> {
  private readonly handlers = new Map<Name, SignalHandler[]>();
  private readonly awayHandlers: (() => void)[] = [];
  private readonly missedHandlers: (() => void)[] = [];
  private readonly channel: PgChangeChannel | null;

  constructor(
    private readonly deliveries: Record<Name, Delivery>,
    opts: {
      /** Sends NOTIFY payloads on a channel, outside any transaction (`db.notify`). */
      send: (channel: string, payloads: readonly string[]) => Promise<void>;
      /** PostgreSQL's URL: signals travel between instances; null (PGlite) for one process. */
      databaseUrl: string | null;
      clock: Clock;
      logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    },
  ) {
    for (const name of Object.keys(deliveries))
      if (name.includes(':')) throw new Error(`a signal's name holds no ':' (${name})`);
    this.channel = opts.databaseUrl
      ? new PgChangeChannel({
          url: opts.databaseUrl,
          send: opts.send,
          clock: opts.clock,
          logger: opts.logger,
          onSignal: (name, group, item) => {
            if (this.isName(name)) this.deliver(name, group, item, 'elsewhere');
          },
          onAway: () => this.awayHandlers.forEach((handler) => handler()),
          onReconnect: () => this.missedHandlers.forEach((handler) => handler()),
        })
      : null;
  }

  /** Calls `handler` on every signal `name`, this instance's and the other instances'. */
  on(name: Name, handler: SignalHandler): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }

  /** Calls `handler` when the other instances' signals stop arriving (the channel is lost). */
  onAway(handler: () => void): void {
    this.awayHandlers.push(handler);
  }

  /**
   * Calls `handler` when the other instances' signals arrive again after a loss: any signal may
   * have been missed meanwhile, so whatever a subscriber keeps is to be treated as changed.
   */
  onMissed(handler: () => void): void {
    this.missedHandlers.push(handler);
  }

  /**
   * Announces that `item` of `group` (null: all of it) changed: here at once, on the other
   * instances as the signal's delivery says. Call it after the change is committed, never
   * inside the transaction.
   */
  publish(name: Name, group: string, item: string | null): void {
    this.deliver(name, group, item, 'here');
    if (this.deliveries[name] === 'coalesced') this.channel?.notify(name, group, item);
    else this.channel?.notifyNow(name, group, item);
  }

  /** Starts listening for the other instances' signals (subscribe first). */
  async start(): Promise<void> {
    await this.channel?.start();
  }

  /**
   * Resolves the next time this instance starts listening for other instances' signals (again,
   * after a lost connection: 'listening') or loses that connection ('away'); never on the
   * embedded database, which has no other instances.
   */
  nextChannelState(state: ChannelState): Promise<void> {
    return this.channel?.next(state) ?? new Promise<void>(() => undefined);
  }

  /** Sends the queued signals now (before shutdown). */
  async flush(): Promise<void> {
    await this.channel?.flush();
  }

  /** Stops listening for the other instances' signals. */
  async close(): Promise<void> {
    await this.channel?.close();
  }

  private isName(name: string): name is Name {
    return Object.hasOwn(this.deliveries, name);
  }

  private deliver(name: Name, group: string, item: string | null, from: SignalOrigin): void {
    for (const handler of this.handlers.get(name) ?? []) handler(group, item, from);
  }
}
