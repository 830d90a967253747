import type { AppConfig } from './config';
import type { Db } from './db/db';
import type { Clock } from './infra/clock';
import type { PaymentGateway } from './infra/payments/payment-gateway';
import type { StorageDriver } from './infra/storage/storage';
import type { Access } from './modules/access/access';
import type { GameAfterTry } from './modules/games/try';
import type { Metrics } from './modules/metrics/metrics';
import type { ReadCaches } from './read-caches';

/** What the composition root (app.ts) gives the modules' endpoints; each takes what it needs. */
export interface ModuleDeps {
  db: Db;
  clock: Clock;
  storage: StorageDriver;
  config: AppConfig;
  access: Access;
  /** The payment provider (Stripe), called on each tenant's own account; created once. */
  payments: PaymentGateway;
  /**
   * Announces that scoreboard rows of the tenant's route (null: of any route) changed (the
   * 'scoreboard' signal, `signals.ts`); call it after the change is committed, never inside the
   * transaction.
   */
  publishScoreboardChange(tenantId: string, routeId: string | null): void;
  /**
   * Announces that the tenant's row or one of its routes (null: the tenant itself) changed (the
   * 'content' signal, `signals.ts`): cached reads forget it (here at once, on other instances by LISTEN/NOTIFY) and its
   * scoreboards are recomputed. Call it after the change is committed.
   */
  publishContentChange(tenantId: string, routeId: string | null): void;
  /**
   * Announces that game `gameId` of the tenant's route had an event (the 'live' signal; null:
   * the route's games as a whole, its stuck minutes say): the live console follows it, reading
   * that game again (decision 0073), or taking the row a try wrote, `after` (decision 0076). Call
   * it after the event is committed.
   */
  publishLiveChange(
    tenantId: string,
    routeId: string,
    gameId: string | null,
    after?: GameAfterTry | null,
  ): void;
  /**
   * Announces that staff acted on game `gameId` of the tenant (the 'game' signal): the team's
   * phone follows it. Call it after the action is committed.
   */
  publishGameChange(tenantId: string, gameId: string): void;
  /**
   * Announces that a judge decided (or undid) an answer of the tenant's route, or staff hid a
   * photo (the 'review' signal): the route's photo wall follows it. Call it after the commit.
   */
  publishReviewChange(tenantId: string, routeId: string): void;
  /**
   * Announces that a message of the tenant was sent (the 'message' signal: the phones' feeds and
   * the staff's board follow it), or with `boardOnly` that only what the staff's board shows
   * changed (read, received, scheduled, cancelled). Call it after the commit.
   */
  publishMessageChange(tenantId: string, opts?: { boardOnly: boolean }): void;
  /** The caches of the public reads (decision 0049). */
  reads: ReadCaches;
  /** Prometheus' recorders (issue 32); they do nothing while `/metrics` is off. */
  metrics: Metrics;
}
