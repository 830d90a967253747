import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type GameLive, gameLive, review, urlOf } from '@tappa/contracts';
import type { HttpClient } from '../lib/http-client';
import type { ServerProcess } from '../lib/server-process';
import { apiCall, type StaffWorld } from '../lib/setup';
import { openEventStream } from '../scoreboards/event-streams';
import { inBatches } from '../lib/in-batches';
import { type Judge, nextItem, type PhotoTeam, tryPhotoStep } from './world';

/** How long a phone may take to show a decision before it counts as missed (a guard). */
const PHONE_TIMEOUT_MS = 5000;
/** The step (0-based) of the decisions this phase times: the route's second photo step. */
const STEP_INDEX = 1;

/** What the phones showed. */
export interface PhoneRun {
  /** Decide request sent → the phone's `game` frame with that `review` staff event. */
  phoneMs: number[];
  missed: number;
  approved: number;
  rejected: number;
  /** Rejections whose event said the step reopened (every one should: the games are not over). */
  reopened: number;
}

/**
 * Phase 3: `teams` hold their game's stream (`gameLive.stream`, the `game` event) and send the
 * photo of their second step; a judge then takes their items one by one (`next`) and decides
 * them, approve and reject in turn, each timed from the decide request to the first phone frame
 * whose staff event is the `review` of that step.
 */
export async function decisionToPhone(
  client: HttpClient,
  server: ServerProcess,
  world: StaffWorld,
  judge: Judge,
  teams: PhotoTeam[],
): Promise<PhoneRun> {
  const shown = new Map<string, { at: number; event: GameLive['staff_event'] }>();
  const streams = new Map(
    await inBatches(teams, 8, async ({ player: { team } }) => {
      const stream = await openEventStream(server.baseUrl, {
        path: urlOf(gameLive.stream, { slug: world.slug, gameId: team.gameId }),
        ip: team.ip,
        event: 'game',
        cookie: team.cookie,
        onEvent: (data, at) => {
          const { staff_event: event } = JSON.parse(data) as GameLive;
          if (event?.kind !== 'review' || event.details?.step_index !== STEP_INDEX) return;
          if (!shown.has(team.gameId)) shown.set(team.gameId, { at, event });
        },
      });
      return [team.gameId, stream] as const;
    }),
  );
  try {
    await inBatches(teams, 8, ({ player }) => tryPhotoStep(player));
    const run: PhoneRun = { phoneMs: [], missed: 0, approved: 0, rejected: 0, reopened: 0 };
    for (let n = 0; n < teams.length; n += 1) {
      const item = await nextItem(client, world, judge);
      if (!item) throw new Error(`no item left after ${n} decisions of ${teams.length}`);
      const stream = streams.get(item.game_id);
      if (!stream) throw new Error(`an item of a game without a phone: ${item.game_id}`);
      const reject = n % 2 === 1;
      const t0 = performance.now();
      await apiCall(client, {
        method: 'POST',
        path: urlOf(review.decide, { slug: world.slug, itemId: item.id }),
        cookie: judge.cookie,
        ip: judge.ip,
        body: JSON.stringify({
          action_id: randomUUID(),
          ...(reject ? { decision: 'reject', reason: 'Foto sfocata' } : { decision: 'approve' }),
        }),
      });
      // The frame may be there already; else wait for the phone's next ones (a guard of 5 s).
      const deadline = t0 + PHONE_TIMEOUT_MS;
      while (!shown.has(item.game_id) && !stream.isClosed && performance.now() < deadline) {
        await Promise.race([
          stream.arrived(stream.arrivals.length + 1),
          sleep(deadline - performance.now()),
        ]);
      }
      const seen = shown.get(item.game_id);
      if (!seen) {
        run.missed += 1;
        continue;
      }
      run.phoneMs.push(seen.at - t0);
      if (reject) run.rejected += 1;
      else run.approved += 1;
      if (reject && seen.event?.details?.reopened === true) run.reopened += 1;
    }
    return run;
  } finally {
    for (const stream of streams.values()) stream.close();
  }
}
