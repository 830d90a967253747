import { randomUUID } from 'node:crypto';
import { type GameLedger, live, review, type ReviewItem, urlOf } from '@tappa/contracts';
import type { HttpClient } from '../lib/http-client';
import { apiCall, type StaffWorld } from '../lib/setup';
import { inBatches } from '../lib/in-batches';
import { type Judge, nextItem } from './world';

/** What two judges did on one queue, and what the ledger says after. */
export interface TwoJudgesRun {
  seconds: number;
  /** Items answered 200 to a decision (once or more). */
  decided: number;
  /** Items answered 200 to a decision by both judges or twice. */
  decidedTwice: number;
  /** Refusals by code (`review_decided`, `review_claimed`, …). */
  refused: Map<string, number>;
  /** Decisions per judge. */
  perJudge: number[];
  pendingAfter: number;
  /** Games by their number of `review` ledger entries. */
  reviewEntriesPerGame: Map<number, number>;
}

/** More moves than any queue of the bench holds items. */
const MAX_MOVES = 10_000;

/** `review.decide` approve; answers the status and the refusal's code. */
async function approve(client: HttpClient, world: StaffWorld, judge: Judge, item: ReviewItem) {
  const res = await client.send({
    method: 'POST',
    path: urlOf(review.decide, { slug: world.slug, itemId: item.id }),
    headers: {
      'x-tappa-csrf': '1',
      'content-type': 'application/json',
      cookie: judge.cookie,
      'x-forwarded-for': judge.ip,
    },
    body: JSON.stringify({ action_id: randomUUID(), decision: 'approve' }),
  });
  if (res.status === 200) return { status: 200, code: null };
  const { error } = JSON.parse(res.body) as { error?: { code?: string } };
  return { status: res.status, code: error?.code ?? `http ${res.status}` };
}

/** How many items a judge claims ahead of the one shown, as the page does (use-pending-queue.ts). */
const AHEAD = 2;

/**
 * One judge as the queue page walks: it shows an item (claimed) and claims AHEAD after it, one
 * after another (`next` with `after` and `keep`, the prefetch), while it decides the one shown;
 * then shows the first claimed ahead, or asks `next` again when that is gone; until `next`
 * answers no item.
 */
async function judgeWalk(
  client: HttpClient,
  world: StaffWorld,
  judge: Judge,
  onDecision: (itemId: string, status: number, code: string | null) => void,
) {
  let decisions = 0;
  const mine = new Set<string>();
  let ahead: Promise<ReviewItem | null>[] = [];
  const claimAhead = (shownId: string) => {
    while (ahead.length < AHEAD) {
      const before = Promise.all(ahead);
      ahead.push(
        before.then((claimed) => {
          if (claimed.includes(null)) return null;
          const held = claimed.map((item) => item!.id);
          const keep = held.length > 0 ? [shownId, ...held.slice(0, -1)] : [];
          return nextItem(client, world, judge, held.at(-1) ?? shownId, keep);
        }),
      );
    }
  };
  let current = await nextItem(client, world, judge);
  // A guard: a queue that gave the same items again and again would never end.
  for (let moves = 0; current; moves += 1) {
    if (moves > MAX_MOVES) throw new Error(`${judge.email}: still moving after ${moves} items`);
    const shown = current;
    claimAhead(shown.id);
    const answer = await approve(client, world, judge, shown);
    onDecision(shown.id, answer.status, answer.code);
    if (answer.status === 200) {
      decisions += 1;
      mine.add(shown.id);
    }
    const [first, ...rest] = ahead;
    ahead = rest;
    const held = await first;
    if (held && held.id !== shown.id && !mine.has(held.id)) {
      current = held;
    } else {
      await Promise.all(rest);
      ahead = [];
      current = await nextItem(client, world, judge, shown.id);
    }
  }
  return decisions;
}

/**
 * Phase 2: two judges clear the same queue in parallel through the API, each as a page does;
 * then the pending count, and every game's ledger read for its `review` entries.
 */
export async function twoJudges(
  client: HttpClient,
  world: StaffWorld,
  judges: Judge[],
  gameIds: string[],
): Promise<TwoJudgesRun> {
  const approvals = new Map<string, number>();
  const refused = new Map<string, number>();
  const t0 = performance.now();
  const perJudge = await Promise.all(
    judges.map((judge) =>
      judgeWalk(client, world, judge, (itemId, status, code) => {
        if (status === 200) approvals.set(itemId, (approvals.get(itemId) ?? 0) + 1);
        else refused.set(code ?? '', (refused.get(code ?? '') ?? 0) + 1);
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const summary = await apiCall(client, {
    method: 'GET',
    path: urlOf(review.summary, { slug: world.slug }),
    cookie: world.admin,
    ip: '10.250.0.1',
  });
  const reviewEntriesPerGame = new Map<number, number>();
  await inBatches(gameIds, 8, async (gameId) => {
    const res = await apiCall(client, {
      method: 'GET',
      path: urlOf(live.ledger, { slug: world.slug, gameId }),
      cookie: world.admin,
      ip: '10.250.0.1',
    });
    const { entries } = JSON.parse(res.body) as GameLedger;
    const count = entries.filter((entry) => entry.kind === 'review').length;
    reviewEntriesPerGame.set(count, (reviewEntriesPerGame.get(count) ?? 0) + 1);
  });
  return {
    seconds,
    decided: approvals.size,
    decidedTwice: [...approvals.values()].filter((n) => n > 1).length,
    refused,
    perJudge,
    pendingAfter: (JSON.parse(summary.body) as { pending: number }).pending,
    reviewEntriesPerGame,
  };
}
