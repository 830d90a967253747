import { randomUUID } from 'node:crypto';
import { messages, urlOf } from '@tappa/contracts';
import type { HttpClient } from '../lib/http-client';
import type { ServerProcess } from '../lib/server-process';
import type { BenchWorld } from '../lib/setup';
import { holdPhones } from './held-phones';
import { sendMessage, type Staff } from './world';

/** How long a phone may take to show a broadcast before it counts as missed (a guard). */
export const MISSED_AFTER_MS = 10_000;
/** Feeds opened at once (a burst of 1,000 connects would overflow the backlog). */
const OPEN_BATCH = 50;

/** One broadcast: its send's answer and its arrival on every phone. */
export interface BroadcastRun {
  answerMs: number;
  /** Send request written → the message's event on each phone, ms. */
  latenciesMs: number[];
  missed: number;
}

/** What the broadcast phase saw. */
export interface BroadcastResult {
  phones: number;
  open: number;
  refused: number;
  openSeconds: number;
  runs: BroadcastRun[];
  /** Over all the broadcasts: events a phone had twice, events below one it had. */
  duplicated: number;
  outOfOrder: number;
  /** Feeds the server ended during the phase (none expected). */
  endedByServer: number;
}

/**
 * Phase 1: every team's phone holds its feed (a child process reads them); the staff send
 * `broadcasts` announcements to the tenant, one after another, each timed from its request to
 * its event on every phone (the next one goes once every phone has it, or after the guard).
 */
export async function broadcastPhase(
  client: HttpClient,
  server: ServerProcess,
  world: BenchWorld,
  staff: Staff,
  broadcasts: number,
): Promise<BroadcastResult> {
  const held = await holdPhones({
    baseUrl: server.baseUrl,
    // A fresh page after reading its (empty) inbox: the feed from the tenant's start.
    feedPath: `${urlOf(messages.stream, { slug: world.slug })}?after=0`,
    phones: world.teams.map(({ cookie, ip }) => ({ cookie, ip })),
    batch: OPEN_BATCH,
  });
  try {
    const runs: BroadcastRun[] = [];
    let last = { duplicated: 0, outOfOrder: 0 };
    for (let n = 0; n < broadcasts; n += 1) {
      const tag = `b${n}-${randomUUID().slice(0, 8)}`;
      const sent = await sendMessage(client, staff, {
        audience: 'tenant',
        body: `Ritrovo alle 18 in piazza (${tag})`,
      });
      const got = await held.collect(tag, sent.t0, MISSED_AFTER_MS);
      runs.push({ answerMs: sent.answerMs, latenciesMs: got.latenciesMs, missed: got.missed });
      last = { duplicated: got.duplicated, outOfOrder: got.outOfOrder };
    }
    return {
      phones: world.teams.length,
      open: held.opened.open,
      refused: held.opened.refused,
      openSeconds: held.opened.seconds,
      runs,
      ...last,
      endedByServer: await held.ended(),
    };
  } finally {
    await held.close();
  }
}
