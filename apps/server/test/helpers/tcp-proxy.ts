import net from 'node:net';

/** A TCP proxy on 127.0.0.1 (port 0) the test can cut, stall and restore. */
export interface TcpProxy {
  /** `targetUrl` with its host and port replaced by the proxy's. */
  url: string;
  /** Closes every open connection; new ones are closed as soon as they arrive. */
  cut(): void;
  /** Holds every byte in both directions, and new connections, until `restore()`. */
  stall(): void;
  /** Forwards again (what a stall held is sent first, in order). */
  restore(): void;
  close(): Promise<void>;
}

type Mode = 'open' | 'cut' | 'stalled';

/** Starts a proxy in front of the host and port of `targetUrl` (a postgres:// URL). */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  let mode: Mode = 'open';
  const sockets = new Set<net.Socket>();
  // What a stall holds back: writes and connections, released in order by `restore()`.
  let held: (() => void)[] = [];
  const whenOpen = (work: () => void) => (mode === 'stalled' ? held.push(work) : work());

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    // Until the upstream connection exists, what the client sends waits in order.
    const early: Buffer[] = [];
    const fromClient = (chunk: Buffer) => early.push(chunk);
    client.on('data', fromClient);
    whenOpen(() => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.off('data', fromClient);
      for (const chunk of early) upstream.write(chunk);
      client.on('data', (chunk: Buffer) => whenOpen(() => upstream.write(chunk)));
      upstream.on('data', (chunk: Buffer) => whenOpen(() => client.write(chunk)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    cut: () => {
      mode = 'cut';
      held = [];
      for (const socket of sockets) socket.destroy();
    },
    stall: () => {
      mode = 'stalled';
    },
    restore: () => {
      mode = 'open';
      const waiting = held;
      held = [];
      for (const work of waiting) work();
    },
    close: async () => {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
