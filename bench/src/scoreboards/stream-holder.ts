// A child process holding a bench's event streams (`held-streams.ts`), so that reading 10,000 of
// them does not hold up the bench's own requests, whose latency it measures (issue 33). Its
// parent asks over IPC: `mark` notes each stream's events so far, `collect` times each stream's
// next event from the parent's change (epoch milliseconds on both sides), `ended` counts the
// streams the server ended, `close` closes them all and exits.
import { setTimeout as sleep } from 'node:timers/promises';
import { openEventStreams } from './event-streams';

/** What the parent asks. */
export type HolderRequest =
  | { kind: 'mark' }
  | { kind: 'collect'; t0: number; withinMs: number }
  | { kind: 'ended' }
  | { kind: 'close' };

/** What the holder answers (`open` once its streams are open). */
export type HolderReply =
  | { kind: 'open' }
  | { kind: 'marked' }
  | { kind: 'collected'; latenciesMs: number[]; missed: number }
  | { kind: 'ended'; count: number };

const [baseUrl = '', streamPath = '', count = '0'] = process.argv.slice(2);
const reply = (message: HolderReply) => process.send?.(message);
const epochOf = (at: number) => performance.timeOrigin + at;

const streams = await openEventStreams(baseUrl, {
  path: streamPath,
  count: Number(count),
  batch: 200,
});
let seen = streams.map((s) => s.arrivals.length);

process.on('message', (request: HolderRequest) => {
  void (async () => {
    if (request.kind === 'mark') {
      seen = streams.map((s) => s.arrivals.length);
      reply({ kind: 'marked' });
    } else if (request.kind === 'collect') {
      const deadline = new AbortController();
      await Promise.race([
        Promise.all(streams.map((s, i) => s.arrived((seen[i] ?? 0) + 1))),
        sleep(request.withinMs, undefined, { signal: deadline.signal }).catch(() => undefined),
      ]);
      deadline.abort();
      const latenciesMs: number[] = [];
      let missed = 0;
      streams.forEach((s, i) => {
        const arrival = s.arrivals[seen[i] ?? 0];
        if (arrival === undefined) missed += 1;
        else latenciesMs.push(epochOf(arrival) - request.t0);
      });
      reply({ kind: 'collected', latenciesMs, missed });
    } else if (request.kind === 'ended') {
      reply({ kind: 'ended', count: streams.filter((s) => s.isClosed).length });
    } else {
      for (const stream of streams) stream.close();
      process.disconnect();
    }
  })();
});
reply({ kind: 'open' });
