import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { readCpu, startScriptServer } from '../lib/server-process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What a message costs the bare socket server: its CPU (user and system) per message. */
export interface Floor {
  messages: number;
  cpuMsPerMessage: number;
  idleCpuMsPerS: number;
}

/**
 * The floor of a fix over a socket on this machine: `sockets` phones hold a socket each to the
 * bare server (`bare-socket-server.ts`, a child process) and send a fix-sized message every
 * `intervalMs` (spread evenly, as the cost phase's fixes are), answered with the others of the
 * server's gathering. The server's CPU per message, less its idle use, each measured for
 * `durationMs` twice in turn after a warm-up as long.
 */
export async function measureFloor(opts: {
  sockets: number;
  intervalMs: number;
  durationMs: number;
}): Promise<Floor> {
  const server = await startScriptServer(path.join(here, 'bare-socket-server.ts'));
  const phones: WebSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  let sent = 0;
  let answered = 0;
  /** Resolves once every message sent so far has its answer. */
  let onAllAnswered: (() => void) | null = null;
  const allAnswered = () =>
    answered === sent
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          onAllAnswered = resolve;
        });
  try {
    for (let i = 0; i < opts.sockets; i += 1) {
      const socket = new WebSocket(server.baseUrl.replace(/^http/, 'ws'));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.on('message', () => {
        answered += 1;
        if (answered === sent) onAllAnswered?.();
      });
      phones.push(socket);
    }
    let isSending = false;
    phones.forEach((socket, i) => {
      let id = 0;
      const send = () => {
        if (!isSending) return;
        sent += 1;
        const fix = { lat: 41.89 + id * 0.00027, lng: 12.48, accuracy_m: 8 };
        socket.send(JSON.stringify({ id: id++, ...fix, taken_at: new Date().toISOString() }));
      };
      const start = setTimeout(
        () => timers.push(setInterval(send, opts.intervalMs)),
        (i * opts.intervalMs) / opts.sockets,
      );
      timers.push(start);
    });
    const totals = { idleMs: 0, idleS: 0, busyMs: 0, busyS: 0, messages: 0 };
    const cpuFor = async (durationMs: number) => {
      const before = (await readCpu(server.pid)).cpuMs;
      await sleep(durationMs);
      return (await readCpu(server.pid)).cpuMs - before;
    };
    isSending = true;
    await sleep(opts.durationMs + opts.intervalMs);
    for (let round = 0; round < 2; round += 1) {
      isSending = false;
      // The last answers go out first.
      await allAnswered();
      totals.idleMs += await cpuFor(opts.durationMs);
      totals.idleS += opts.durationMs / 1000;
      isSending = true;
      const sentBefore = sent;
      totals.busyMs += await cpuFor(opts.durationMs);
      totals.busyS += opts.durationMs / 1000;
      totals.messages += sent - sentBefore;
    }
    const idleCpuMsPerS = totals.idleMs / totals.idleS;
    return {
      messages: totals.messages,
      cpuMsPerMessage:
        (totals.busyMs - idleCpuMsPerS * totals.busyS) / Math.max(1, totals.messages),
      idleCpuMsPerS,
    };
  } finally {
    for (const timer of timers) clearTimeout(timer);
    for (const socket of phones) socket.terminate();
    await server.stop();
  }
}
