import {
  type ErrorCode,
  type FixRequest,
  type FixSocketAnswer,
  FixSocketMessageSchema,
} from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Clock, Timer } from '../../../infra/clock';
import { AppError } from '../../../errors';

/**
 * How often the server looks at a fixes' socket: one it heard nothing from since the last look is
 * pinged, and closed when it has not answered by the next (a phone gone out of reach). A phone
 * that sends its fixes (one every 10 s) is not pinged. A socket is silent for less than two of
 * these: under the 30 s that `docs/operations.md` asks of a proxy's idle timeout.
 */
export const FIX_SOCKET_PING_MS = 15_000;
/** The fixes of one socket being kept at once: one more is refused (`rate_limited`), not queued. */
export const FIX_SOCKET_IN_FLIGHT_MAX = 4;
/** Refusals after which no fix of the game would be kept: the socket closes after answering. */
const CLOSING: ReadonlySet<ErrorCode> = new Set([
  'game_not_found',
  'game_over',
  'location_not_asked',
  'location_not_shared',
]);
/** The close code after such a refusal (the application's range, 4000–4999). */
export const FIX_SOCKET_CLOSED_REFUSED = 4000;

/** A message read: the fix with its number, or the refusal to answer. */
type Read = { id: number; fix: FixRequest } | { id: number | null; error: ErrorCode };

/** A socket message as a fix (`FixSocketMessage`), or why not. */
function readMessage(data: RawData, isBinary: boolean): Read {
  let raw: unknown = null;
  try {
    if (!isBinary && Buffer.isBuffer(data)) raw = JSON.parse(data.toString('utf8'));
  } catch {
    // Not JSON: refused below.
  }
  const parsed = FixSocketMessageSchema.safeParse(raw);
  if (parsed.success) {
    const { id, ...fix } = parsed.data;
    return { id, fix };
  }
  const id = (raw as { id?: unknown } | null)?.id;
  return { id: Number.isSafeInteger(id) ? (id as number) : null, error: 'validation_failed' };
}

/**
 * The fixes' sockets of this app (decision 0089). `open` serves one phone's socket: each message
 * is a fix, kept by `keep` as a fix of `POST …/fixes` is (the same checks, the same group
 * writes), and answered by its number once kept or refused. At most FIX_SOCKET_IN_FLIGHT_MAX are
 * kept at once. A refusal after which no fix would be kept closes the socket; so does a silence
 * with a ping left unanswered. One timer looks at every open socket (not one per socket: 1,000
 * timers would wake the process about 70 times a second).
 *
 * A message is read when `withGroup` says: the writer reads the messages of every socket when
 * its next group begins (`FixWriter.readWithGroup`).
 */
export function createFixSockets(deps: {
  clock: Clock;
  log: FastifyBaseLogger;
  withGroup: (read: () => void) => void;
}) {
  /** Each open socket's look (FIX_SOCKET_PING_MS). */
  const looks = new Set<() => void>();
  let timer: Timer | null = null;

  function watch(look: () => void) {
    looks.add(look);
    if (timer) return;
    timer = deps.clock.setInterval(() => {
      for (const each of looks) each();
    }, FIX_SOCKET_PING_MS);
    timer.unref();
  }

  function unwatch(look: () => void) {
    looks.delete(look);
    if (looks.size > 0 || !timer) return;
    deps.clock.clearInterval(timer);
    timer = null;
  }

  function open(socket: WebSocket, keep: (fix: FixRequest) => Promise<void>): void {
    let inFlight = 0;
    /** Whether a message or a pong came since the last look; whether a ping is unanswered. */
    let isHeard = true;
    let isPinged = false;
    const heard = () => {
      isHeard = true;
      isPinged = false;
    };
    const answer = (message: FixSocketAnswer) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };

    async function receive(data: RawData, isBinary: boolean) {
      const read = readMessage(data, isBinary);
      if ('error' in read) return answer(read);
      if (inFlight >= FIX_SOCKET_IN_FLIGHT_MAX) {
        return answer({ id: read.id, error: 'rate_limited' });
      }
      inFlight += 1;
      try {
        await keep(read.fix);
        answer({ id: read.id, ok: true });
      } catch (error: unknown) {
        // `instanceof` on the generic class gives `AppError<any>`: named as the base type.
        const refusal = error instanceof AppError ? (error as AppError) : null;
        if (!refusal) deps.log.error({ err: error }, 'fix socket: fix failed');
        const code: ErrorCode = refusal?.code ?? 'internal';
        answer({ id: read.id, error: code });
        if (CLOSING.has(code)) socket.close(FIX_SOCKET_CLOSED_REFUSED, code);
      } finally {
        inFlight -= 1;
      }
    }

    const look = () => {
      if (isHeard) {
        isHeard = false;
        return;
      }
      if (isPinged) return socket.terminate();
      isPinged = true;
      socket.ping();
    };
    watch(look);
    socket.on('pong', heard);
    socket.on('message', (data, isBinary) => {
      heard();
      deps.withGroup(() => void receive(data, isBinary));
    });
    socket.on('close', () => unwatch(look));
  }

  return { open };
}
