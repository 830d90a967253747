import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RankingRow, type Rankings, SCOREBOARD_ROWS_MAX } from '@tappa/contracts';
import { createHttpClient } from '../lib/http-client';
import { startScriptServer } from '../lib/server-process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The reference server (`bare-fan-out-server.ts`) running as a child process. */
export interface BareFanOut {
  baseUrl: string;
  /** Writes `data` as one `rankings` event to every open stream; resolves on the answer. */
  publish(data: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the bare fan-out server as a child process, as the bench starts the real server. */
export async function startBareFanOut(): Promise<BareFanOut> {
  const server = await startScriptServer(path.join(here, 'bare-fan-out-server.ts'));
  const client = createHttpClient(server.baseUrl, 1);
  return {
    baseUrl: server.baseUrl,
    publish: async (data) => {
      const res = await client.send({ method: 'POST', path: '/publish', body: data });
      if (res.status !== 204) throw new Error(`bare fan-out answered ${res.status}`);
    },
    stop: async () => {
      client.close();
      await server.stop();
    },
  };
}

/**
 * A route's rankings as the server sends them, full (SCOREBOARD_ROWS_MAX rows in both lists),
 * so that the reference writes events of the real size; `score` makes each one new.
 */
export function sampleRankings(score: number): string {
  const now = new Date().toISOString();
  const row = (i: number): RankingRow => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    position: i + 1,
    team_name: `Squadra ${i + 1}`,
    score: score - i,
    progress: 12,
    total: 30,
    last_seen: now,
    route_type: 'progressive',
  });
  const rows = Array.from({ length: SCOREBOARD_ROWS_MAX }, (_, i) => row(i));
  const rankings: Rankings = {
    route: { slug: 'bench-route', title: 'Bench route', route_type: 'progressive' },
    overall: rows,
    today: rows,
    computed_at: now,
    frozen_at: null,
  };
  return JSON.stringify(rankings);
}
