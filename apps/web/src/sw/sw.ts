import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { idbQueueStore, type QueueStore } from '../features/gameplay/offline/queue-store';
import { sendPause } from './pause-on-leave';
import {
  gamePauseIn,
  isGameState,
  isMessagesInbox,
  isPlayerPage,
  isPublicData,
} from './player-paths';
import { WARM_MESSAGE, type WarmMessage } from './warm-message';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/** Caches of what players read at run time (decision 0037). */
const CACHES = { data: 'tappa-player-data', media: 'tappa-game-media' } as const;

// The player's app shell (index.html and the player pages' chunks, vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A new version takes over at once: its precache already holds every chunk it names.
void self.skipWaiting();
clientsClaim();

/**
 * Player pages: the server first (it redirects renamed tenants and always has the newest shell),
 * the precached index.html when there is no network. Nothing else is answered with the shell.
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPlayerPage(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

const data = new NetworkFirst({
  cacheName: CACHES.data,
  // Give up waiting on a connection that answers nothing (a tunnel): the cached copy is shown.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 50 }),
  ],
});
registerRoute(({ url, request }) => {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  const { pathname } = url;
  return isGameState(pathname) || isMessagesInbox(pathname) || isPublicData(pathname);
}, data);

let offlineQueue: QueueStore | null = null;
/** The page's offline queue (IndexedDB), opened on the first pause that needs it. */
const queue = () => (offlineQueue ??= idbQueueStore());

/**
 * A game's pause: sent by the worker itself, so that one sent as the page goes away reaches the
 * server, or waits in the offline queue (decision 0056). The worker lives until it is done.
 */
registerRoute(
  ({ url }) => url.origin === self.location.origin && gamePauseIn(url.pathname) !== null,
  ({ request, event }) => {
    const sent = sendPause(request, queue);
    event.waitUntil(sent.catch(() => undefined));
    return sent;
  },
  'POST',
);

/** A step's media (`/files/…`): stored once, then read from the cache; ranges for audio/video. */
const media = new CacheFirst({
  cacheName: CACHES.media,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    new RangeRequestsPlugin(),
  ],
});
registerRoute(({ url, request }) => {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  return url.pathname.startsWith('/files/');
}, media);

/**
 * The game screen asks for its state, its tenant's data and its steps' media to be stored ahead
 * (`warm-message.ts`), so a reload without signal finds them even if they were loaded before
 * this worker took control of the page.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WarmMessage | null;
  if (message?.type !== WARM_MESSAGE) return;
  event.waitUntil(warm(message.urls));
});

async function warm(urls: readonly string[]): Promise<void> {
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    const isMedia = url.pathname.startsWith('/files/');
    const cache = await caches.open(isMedia ? CACHES.media : CACHES.data);
    // Media already stored stays (cache-first); data is refreshed.
    if (isMedia && (await cache.match(url.href))) continue;
    try {
      const response = await fetch(url.href, { credentials: 'include' });
      if (response.status === 200) await cache.put(url.href, response);
    } catch {
      // No network: what is stored stays; the next warm-up tries again.
    }
  }
}
