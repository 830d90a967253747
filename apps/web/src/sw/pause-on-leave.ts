import { pauseItem, type QueueStore } from '../features/gameplay/offline/queue-store';
import { gamePauseIn } from './player-paths';

/**
 * A game's pause, sent on by the worker (decision 0056). A page that goes away sends its pause as
 * a keep-alive request; when the worker controls the page, the request is the worker's to answer,
 * and the browser's own fallback to the network dies with the page. So the worker sends it itself,
 * as a request of its own (nothing of the page's, such as its abort signal, ties it to the page),
 * and the worker lives until it is answered. A keep-alive pause that finds no connection while the
 * phone says it is offline joins the offline queue (202): its page may be gone, and the queue
 * sends it once the phone is back. Other pauses (Stop, the queue's own) fail as usual.
 */
export async function sendPause(request: Request, queue: () => QueueStore): Promise<Response> {
  const own = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    credentials: 'include',
  });
  try {
    return await fetch(own);
  } catch (error) {
    const game = gamePauseIn(new URL(request.url).pathname);
    if (!request.keepalive || navigator.onLine !== false || !game) throw error;
    const item = pauseItem(game.slug, game.gameId);
    await queue().put(item);
    return new Response(null, { status: 202 });
  }
}
