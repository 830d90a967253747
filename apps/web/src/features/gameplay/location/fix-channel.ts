import { type FixRequest, type FixSocketAnswer, gameLocation, urlOf } from '@tappa/contracts';
import { FIX_INTERVAL_MS } from '@tappa/domain';
import { apiCall, ApiError, type ApiErrorCode } from '../../../lib/api-client';

/**
 * What became of a fix: kept (or kept before), or refused with the API's code; `code` null when
 * it did not reach the server (no network, the socket lost): the next tick sends the newest.
 */
export type FixOutcome = { kept: true } | { kept: false; code: ApiErrorCode | null };

const LOST: FixOutcome = { kept: false, code: null };

/**
 * The most fixes sent before a socket is tried again, after sockets in a row that closed without
 * opening (a network or proxy that carries no WebSocket): the next one with the 1st, 2nd, 4th,
 * 8th, then every 16th fix (160 s or more), not a handshake with every fix.
 */
const SOCKET_RETRY_MAX_FIXES = 16;

/** The socket's address: the page's own host, `ws:` or `wss:` as the page's scheme. */
function socketUrl(slug: string, gameId: string): string {
  const url = new URL(urlOf(gameLocation.fixSocket, { slug, gameId }), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * A sharing phone's way to the server for its fixes (decision 0089): one kept-open WebSocket
 * while the sender runs, each fix answered by its number. While the socket is not open
 * (connecting, refused, a network that carries no WebSocket) a fix goes as a request,
 * `POST …/fixes`, as before; a closed socket is opened again with the next fix, or, after
 * sockets in a row that closed without opening, with a later one (SOCKET_RETRY_MAX_FIXES). A fix
 * not answered within a fix interval counts as lost and the socket is dropped (a connection that
 * died without closing).
 */
export function createFixChannel(slug: string, gameId: string) {
  let socket: WebSocket | null = null;
  let nextId = 0;
  let isClosed = false;
  /** Sockets in a row that closed without opening, and the fixes left before the next one. */
  let failedOpens = 0;
  let fixesBeforeOpen = 0;
  const pending = new Map<number, (outcome: FixOutcome) => void>();

  function settleAll(outcome: FixOutcome) {
    for (const settle of pending.values()) settle(outcome);
    pending.clear();
  }

  function open() {
    if (isClosed || typeof WebSocket === 'undefined') return;
    const opened = new WebSocket(socketUrl(slug, gameId));
    socket = opened;
    let isOpen = false;
    opened.onopen = () => {
      isOpen = true;
      failedOpens = 0;
    };
    opened.onmessage = (event: MessageEvent<string>) => {
      const { id, ...answer } = JSON.parse(event.data) as FixSocketAnswer;
      const settle = id === null ? undefined : pending.get(id);
      if (id === null || !settle) return;
      pending.delete(id);
      settle('ok' in answer ? { kept: true } : { kept: false, code: answer.error });
    };
    opened.onclose = () => {
      if (socket === opened) socket = null;
      if (!isOpen) {
        failedOpens += 1;
        fixesBeforeOpen = Math.min(2 ** (failedOpens - 1), SOCKET_RETRY_MAX_FIXES) - 1;
      }
      settleAll(LOST);
    };
  }

  /** Over the socket: answered by its number, or lost when the socket closes or stays silent. */
  function sendOver(opened: WebSocket, fix: FixRequest): Promise<FixOutcome> {
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        if (!pending.delete(id)) return;
        resolve(LOST);
        if (socket === opened) socket = null;
        opened.close();
      }, FIX_INTERVAL_MS);
      pending.set(id, (outcome) => {
        window.clearTimeout(timer);
        resolve(outcome);
      });
      opened.send(JSON.stringify({ id, ...fix }));
    });
  }

  async function sendAsRequest(fix: FixRequest): Promise<FixOutcome> {
    try {
      await apiCall(gameLocation.fix, { params: { slug, gameId }, body: fix });
      return { kept: true };
    } catch (error) {
      return { kept: false, code: error instanceof ApiError ? error.code : null };
    }
  }

  // Opened at once: it connects while the phone waits for its first reading.
  open();
  return {
    /**
     * Sends `fix` over the socket when it is open, else as a request (and opens the socket, unless
     * it waits after sockets that never opened).
     */
    send(fix: FixRequest): Promise<FixOutcome> {
      if (socket === null && fixesBeforeOpen > 0) fixesBeforeOpen -= 1;
      else if (socket === null) open();
      if (socket?.readyState === WebSocket.OPEN) return sendOver(socket, fix);
      return sendAsRequest(fix);
    },
    /** Closes the socket; the fixes it was sending count as lost. */
    close() {
      isClosed = true;
      socket?.close();
      socket = null;
      settleAll(LOST);
    },
  };
}

export type FixChannel = ReturnType<typeof createFixChannel>;
