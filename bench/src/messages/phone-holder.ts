// A child process holding the broadcast's phones' feeds (`held-phones.ts`): reading 1,000
// streams in the bench's own process would put the reader's delays into the numbers it takes.
// Its parent asks over IPC: `open` the phones' feeds, `collect` each phone's arrival of the
// message whose text holds a tag (from the parent's send, epoch ms on both sides), `ended` counts
// the feeds the server ended, `close` drops them all and exits.
import { setTimeout as sleep } from 'node:timers/promises';
import { type FeedConnection, type FeedEvent, openFeed } from './feed-connection';

/** A phone: its team's cookie and address. */
export interface HeldPhone {
  cookie: string;
  ip: string;
}

/** What the parent asks. */
export type PhoneHolderRequest =
  | { kind: 'open'; baseUrl: string; path: string; phones: HeldPhone[]; batch: number }
  | { kind: 'collect'; tag: string; t0: number; withinMs: number }
  | { kind: 'ended' }
  | { kind: 'close' };

/** What the holder answers. */
export type PhoneHolderReply =
  | { kind: 'opened'; open: number; refused: number; seconds: number }
  | {
      kind: 'collected';
      /** Send written → the message's event on each phone that got it, ms. */
      latenciesMs: number[];
      /** Phones without it within `withinMs`. */
      missed: number;
      /** Events, on all the phones so far, whose `seq` one phone had already had. */
      duplicated: number;
      /** Events, on all the phones so far, with a `seq` below one the phone had already had. */
      outOfOrder: number;
    }
  | { kind: 'ended'; count: number };

interface Phone {
  connection: FeedConnection | null;
  events: FeedEvent[];
  seqs: Set<number>;
  lastSeq: number;
}

const phones: Phone[] = [];
let duplicated = 0;
let outOfOrder = 0;
/** Called with every event (a collect waiting for its tag). */
let onArrival: ((phone: Phone, event: FeedEvent) => void) | null = null;
const reply = (message: PhoneHolderReply) => process.send?.(message);

async function open(request: Extract<PhoneHolderRequest, { kind: 'open' }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < request.phones.length) {
      const { cookie, ip } = request.phones[next++]!;
      const phone: Phone = { connection: null, events: [], seqs: new Set(), lastSeq: -1 };
      phone.connection = openFeed({
        baseUrl: request.baseUrl,
        path: request.path,
        cookie,
        ip,
        onEvent: (event) => {
          if (phone.seqs.has(event.seq)) duplicated += 1;
          else if (event.seq < phone.lastSeq) outOfOrder += 1;
          phone.seqs.add(event.seq);
          phone.lastSeq = Math.max(phone.lastSeq, event.seq);
          phone.events.push(event);
          onArrival?.(phone, event);
        },
      });
      phones.push(phone);
      if (!(await phone.connection.opened)) refused += 1;
    }
  };
  await Promise.all(Array.from({ length: request.batch }, worker));
  reply({
    kind: 'opened',
    open: phones.length - refused,
    refused,
    seconds: (performance.now() - started) / 1000,
  });
}

async function collect(request: Extract<PhoneHolderRequest, { kind: 'collect' }>) {
  const arrivalOf = (phone: Phone) =>
    phone.events.find((event) => event.data.includes(request.tag))?.at;
  // Only the phones still waiting are looked at, and only their new event: no scan per arrival.
  const waiting = new Set(phones.filter((phone) => arrivalOf(phone) === undefined));
  const guard = new AbortController();
  const untilMs = request.t0 + request.withinMs - (performance.timeOrigin + performance.now());
  await Promise.race([
    new Promise<void>((resolve) => {
      if (waiting.size === 0) resolve();
      onArrival = (phone, event) => {
        if (!waiting.has(phone) || !event.data.includes(request.tag)) return;
        waiting.delete(phone);
        if (waiting.size === 0) resolve();
      };
    }),
    sleep(Math.max(0, untilMs), undefined, { signal: guard.signal }).catch(() => undefined),
  ]);
  guard.abort();
  onArrival = null;
  const latenciesMs: number[] = [];
  let missed = 0;
  for (const phone of phones) {
    const at = arrivalOf(phone);
    if (at === undefined) missed += 1;
    else latenciesMs.push(at - request.t0);
  }
  reply({ kind: 'collected', latenciesMs, missed, duplicated, outOfOrder });
}

process.on('message', (request: PhoneHolderRequest) => {
  void (async () => {
    if (request.kind === 'open') await open(request);
    else if (request.kind === 'collect') await collect(request);
    else if (request.kind === 'ended') {
      reply({ kind: 'ended', count: phones.filter((p) => p.connection?.isEnded()).length });
    } else {
      for (const phone of phones) phone.connection?.drop();
      process.disconnect();
    }
  })();
});
