import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/db';
import { gameEvents, games, liveHeartbeat } from '../../src/db/schema';
import { rawDb } from './database';

/** Σ the game's events = its total_score = its scoreboard row's score (when it has one). */
export async function expectLedgerAgrees(appDb: Db, gameId: string) {
  const db = rawDb(appDb);
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${gameEvents.points}), 0)::integer` })
    .from(gameEvents)
    .where(eq(gameEvents.game_id, gameId));
  const [row] = await db
    .select()
    .from(liveHeartbeat)
    .where(
      and(eq(liveHeartbeat.route_id, game!.route_id), eq(liveHeartbeat.email, game!.owner_email)),
    );
  expect(Number(sum!.total)).toBe(game!.total_score);
  if (row) expect(row.score).toBe(game!.total_score);
  return game!;
}
