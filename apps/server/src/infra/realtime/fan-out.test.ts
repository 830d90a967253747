import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { FanOut } from './fan-out';

/** A stream that notes what is written to it (and when: the number of the slice). */
function fakeStream(log: { slice: number }) {
  const written: { text: string; slice: number }[] = [];
  const res = {
    destroyed: false,
    writableEnded: false,
    writableLength: 0,
    write: (frame: Buffer) => written.push({ text: frame.toString(), slice: log.slice }),
  };
  return { res: res as unknown as ServerResponse, written };
}

/**
 * A fan-out on a clock that moves 0.1 ms each time it is read, and the turn of the event loop
 * running now (`log.slice`, counted once `start` is called).
 */
function countedFanOut() {
  let ms = 0;
  const log = { slice: 0 };
  const fanOut = new FanOut(() => (ms += 0.1));
  let turning: NodeJS.Immediate | undefined;
  const nextTurn = () => {
    log.slice += 1;
    turning = setImmediate(nextTurn);
  };
  onTestFinished(() => clearImmediate(turning));
  return { fanOut, log, start: nextTurn };
}

describe('FanOut', () => {
  it('writes every frame to every stream, in order, the same buffers', async () => {
    const log = { slice: 0 };
    const streams = Array.from({ length: 100 }, () => fakeStream(log));
    const frames = [Buffer.from('a\n\n'), Buffer.from('b\n\n')];
    await new FanOut().write(
      streams.map((s) => s.res),
      frames,
    );
    for (const { written } of streams)
      expect(written.map((w) => w.text)).toEqual(['a\n\n', 'b\n\n']);
  });

  it('lets the event loop turn between slices of a large fan-out', async () => {
    const { fanOut, log, start } = countedFanOut();
    const streams = Array.from({ length: 2000 }, () => fakeStream(log));
    start();
    await fanOut.write(
      streams.map((s) => s.res),
      [Buffer.from('x\n\n')],
    );
    // 32 writes read the clock once (0.1 ms): 2,000 streams are some 63 reads, 6.3 ms, more
    // than three slices of 2 ms, each in its own turn of the loop.
    const slices = new Set(streams.map((s) => s.written[0]?.slice));
    expect(slices.size).toBeGreaterThanOrEqual(3);
  });

  it('lets a small fan-out through while a large one is under way', async () => {
    const { fanOut, log, start } = countedFanOut();
    const large = Array.from({ length: 5000 }, () => fakeStream(log));
    const small = Array.from({ length: 10 }, () => fakeStream(log));
    start();
    const order: string[] = [];
    const writes = [
      fanOut
        .write(
          large.map((s) => s.res),
          [Buffer.from('l\n\n')],
        )
        .then(() => order.push('large')),
      fanOut
        .write(
          small.map((s) => s.res),
          [Buffer.from('s\n\n')],
        )
        .then(() => order.push('small')),
    ];
    await Promise.all(writes);
    expect(order).toEqual(['small', 'large']);
    // The small one was written in the first slice, beside the large one's first streams.
    expect(small.every((s) => s.written[0]?.slice === large[0]?.written[0]?.slice)).toBe(true);
  });

  it('hands each frame to the socket within its slice, not on the next tick', async () => {
    // A real event stream: Node's http corks the socket on a write and uncorks it on the next
    // tick, which would leave the slice's writing to that tick, past the slice's time.
    let onOpen: (res: ServerResponse) => void = () => undefined;
    const opened = new Promise<ServerResponse>((resolve) => (onOpen = resolve));
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      onOpen(res);
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const req = http.get({ host: '127.0.0.1', port, agent: false });
    // Its own end below resets the connection.
    req.on('error', () => undefined);
    onTestFinished(async () => {
      req.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    });
    const res = await opened;
    const pending: number[] = [];
    // Read after the stream's turn: what the socket still holds back then.
    const fanOut = new FanOut(() => {
      pending.push(res.socket?.writableCorked ?? -1, res.socket?.writableLength ?? -1);
      return 0;
    });
    await fanOut.write([res], [Buffer.from('data: x\n\n')]);
    // The slice's start, then after its one turn: nothing corked, nothing buffered.
    expect(pending).toEqual([0, 0, 0, 0]);
  });
});
