// A child process holding a bench's event streams (`held-streams.ts`), so that reading 10,000 of
// them does not hold up the bench's own requests, whose latency it measures (issue 33). Its
// parent asks over IPC: `mark` notes each stream's events so far, `collect` times each stream's
// next event from the parent's change (epoch milliseconds on both sides), `ended` counts the
// streams the server ended, `close` closes them all and exits.
import { openEventStreams } from './event-streams';
import { timedInProcess } from './held-streams';

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

const streams = await openEventStreams(baseUrl, {
  path: streamPath,
  count: Number(count),
  batch: 200,
});
const timed = timedInProcess(streams);

process.on('message', (request: HolderRequest) => {
  void (async () => {
    if (request.kind === 'mark') {
      await timed.mark();
      reply({ kind: 'marked' });
    } else if (request.kind === 'collect') {
      reply({ kind: 'collected', ...(await timed.collect(request.t0, request.withinMs)) });
    } else if (request.kind === 'ended') {
      reply({ kind: 'ended', count: streams.filter((s) => s.isClosed).length });
    } else {
      for (const stream of streams) stream.close();
      process.disconnect();
    }
  })();
});
reply({ kind: 'open' });
