import { setTimeout as sleep } from 'node:timers/promises';
import {
  type LiveConsole,
  type LiveConsoleChange,
  type RankingRow,
  type Rankings,
  SCOREBOARD_ROWS_MAX,
} from '@tappa/contracts';
import { SEEN_WITHIN_MS } from './options';

/**
 * The push latencies of one kind of stream, from the try's answer to the first frame that shows
 * it; a try that rankings computed after its answer do not show is not awaited any longer.
 */
export interface PushSamples {
  /** Sorted once settled; a frame that came before the answer counts 0. */
  latenciesMs: number[];
  /** Deliveries whose frame came before the try's answer reached the bench. */
  shownBefore: number;
  /** Expected deliveries not shown within SEEN_WITHIN_MS. */
  missed: number;
  /** Rankings: tries not shown because other teams pushed the team out of the rows meanwhile. */
  pushedOut: number;
}

const noSamples = (): PushSamples => ({
  latenciesMs: [],
  shownBefore: 0,
  missed: 0,
  pushedOut: 0,
});

interface Expectation {
  score: number;
  answeredAt: number;
  /** The answer's time on the wall clock (ms), to compare with a frame's `computed_at`. */
  answeredWallMs: number;
}

/**
 * One stream's matching: the score it shows for each team (a correct try always adds points, so
 * a score at least the try's total shows the try) and the tries waiting to be shown.
 */
class StreamMatch {
  private readonly shown = new Map<string, number>();
  private readonly pending = new Map<string, Expectation[]>();

  constructor(private readonly samples: () => PushSamples) {}

  get pendingCount(): number {
    let n = 0;
    for (const list of this.pending.values()) n += list.length;
    return n;
  }

  show(key: string, score: number, at: number): void {
    this.shown.set(key, score);
    const list = this.pending.get(key);
    if (!list) return;
    const left = list.filter((e) => e.score > score);
    for (const e of list) if (e.score <= score) this.record(at - e.answeredAt);
    if (left.length > 0) this.pending.set(key, left);
    else this.pending.delete(key);
  }

  forget(key: string): void {
    this.shown.delete(key);
  }

  /** A try answered with `score`: shown already, or awaited when `isExpected`. */
  expect(key: string, score: number, answeredAt: number, isExpected: boolean): void {
    if ((this.shown.get(key) ?? -1) >= score) {
      this.samples().shownBefore += 1;
      this.samples().latenciesMs.push(0);
      return;
    }
    if (!isExpected) return;
    const answeredWallMs = performance.timeOrigin + answeredAt;
    this.pending.set(key, [
      ...(this.pending.get(key) ?? []),
      { score, answeredAt, answeredWallMs },
    ]);
  }

  /**
   * Ends the waits that a frame computed after the answer (`computedAtMs`, wall clock) did not
   * show, and those older than SEEN_WITHIN_MS: missed, or pushed out (`isStillExpected` false).
   */
  expire(
    now: number,
    computedAtMs: number,
    isStillExpected: (key: string, score: number) => boolean,
  ): void {
    // The frame's computation began after the try was committed: it would show it by now.
    const isOver = (e: Expectation) =>
      now - e.answeredAt > SEEN_WITHIN_MS || computedAtMs > e.answeredWallMs;
    for (const [key, list] of this.pending) {
      const left = list.filter((e) => !isOver(e));
      for (const e of list) {
        if (!isOver(e)) continue;
        if (isStillExpected(key, e.score)) this.samples().missed += 1;
        else this.samples().pushedOut += 1;
      }
      if (left.length > 0) this.pending.set(key, left);
      else this.pending.delete(key);
    }
  }

  private record(ms: number): void {
    if (ms > SEEN_WITHIN_MS) this.samples().missed += 1;
    else this.samples().latenciesMs.push(Math.max(0, ms));
  }
}

/** Whether a team scoring `score` belongs in `rows` (the others above it, ties to the earlier). */
function belongsIn(rows: RankingRow[], name: string, score: number): boolean {
  const others = rows.filter((row) => row.team_name !== name);
  const last = others[SCOREBOARD_ROWS_MAX - 1];
  return others.length < SCOREBOARD_ROWS_MAX || !last || score > last.score;
}

/**
 * Matches correct tries with the frames that show them on the streams it reads: `rankings`
 * streams (the route's top rows, by team name) and console streams (every team, by game). Feed
 * it with `onRankings` / `onConsole` as frames arrive and `answered` as tries are answered;
 * `settle()` waits for the last tries and answers the samples since the previous `settle()`.
 */
export class PushTracker {
  private rankings = noSamples();
  private console = noSamples();
  private readonly rankingStreams: { match: StreamMatch; rows: RankingRow[] }[] = [];
  private readonly consoleStreams: StreamMatch[] = [];
  private wake: (() => void) | null = null;

  /** A handler for one more rankings stream's frames. */
  rankingsReader(): (data: string, at: number) => void {
    const stream = { match: new StreamMatch(() => this.rankings), rows: [] as RankingRow[] };
    this.rankingStreams.push(stream);
    return (data, at) => {
      const { overall, computed_at: computedAt } = JSON.parse(data) as Rankings;
      const names = new Set(overall.map((row) => row.team_name));
      for (const row of stream.rows)
        if (!names.has(row.team_name)) stream.match.forget(row.team_name);
      for (const row of overall) stream.match.show(row.team_name, row.score, at);
      stream.rows = overall;
      stream.match.expire(at, Date.parse(computedAt), (name, score) =>
        belongsIn(stream.rows, name, score),
      );
      this.frameCame();
    };
  }

  /** A handler for one more console stream's frames (`console`, then `console-change`). */
  consoleReader(): (data: string, at: number) => void {
    const match = new StreamMatch(() => this.console);
    this.consoleStreams.push(match);
    return (data, at) => {
      const frame = JSON.parse(data) as LiveConsole | LiveConsoleChange;
      // A change names what left; a whole console is every team anew (decision 0075).
      if ('removed' in frame) for (const gameId of frame.removed) match.forget(gameId);
      for (const team of frame.teams) match.show(team.game_id, team.score, at);
      // Not `computed_at`: the console reads again only the games it was told moved (decision
      // 0075), and another instance's word may come after the answer.
      match.expire(at, 0, () => true);
      this.frameCame();
    };
  }

  /** A correct try of the team (`name`, game `gameId`) answered with `score` at `answeredAt`. */
  answered(opts: { name: string; gameId: string; score: number; answeredAt: number }): void {
    for (const { match, rows } of this.rankingStreams) {
      match.expect(opts.name, opts.score, opts.answeredAt, belongsIn(rows, opts.name, opts.score));
    }
    for (const match of this.consoleStreams) {
      match.expect(opts.gameId, opts.score, opts.answeredAt, true);
    }
  }

  /** Waits until every awaited try is shown or past SEEN_WITHIN_MS; answers the samples and resets. */
  async settle(): Promise<{ rankings: PushSamples; console: PushSamples }> {
    const deadline = performance.now() + SEEN_WITHIN_MS;
    while (this.pendingCount() > 0 && performance.now() < deadline) {
      const cancel = new AbortController();
      await Promise.race([
        new Promise<void>((resolve) => (this.wake = resolve)),
        sleep(deadline - performance.now(), undefined, { signal: cancel.signal }).catch(
          () => undefined,
        ),
      ]);
      cancel.abort();
    }
    const now = performance.now() + SEEN_WITHIN_MS + 1;
    for (const { match, rows } of this.rankingStreams) {
      match.expire(now, 0, (name, score) => belongsIn(rows, name, score));
    }
    for (const match of this.consoleStreams) match.expire(now, 0, () => true);
    const samples = { rankings: this.rankings, console: this.console };
    for (const s of Object.values(samples)) s.latenciesMs.sort((a, b) => a - b);
    this.rankings = noSamples();
    this.console = noSamples();
    return samples;
  }

  private pendingCount(): number {
    const streams = [...this.rankingStreams.map((s) => s.match), ...this.consoleStreams];
    return streams.reduce((n, match) => n + match.pendingCount, 0);
  }

  private frameCame(): void {
    this.wake?.();
    this.wake = null;
  }
}
