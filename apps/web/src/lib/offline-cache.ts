import { publicTenants, urlOf } from '@tappa/contracts';
import { WARM_MESSAGE, type WarmMessage } from '../sw/warm-message';

/** The service worker's script, served at the root (`no-cache`) so its scope is every page. */
const SCRIPT_URL = '/sw.js';

/** The registration, once asked for in this page (null: not supported, or not a built app). */
let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the player's service worker (decision 0037): the player pages call it, so only a
 * team's phone installs it. Does nothing in development and where service workers don't exist.
 */
export function registerPlayerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  const supported = import.meta.env.PROD && 'serviceWorker' in navigator;
  registration = supported
    ? navigator.serviceWorker.register(SCRIPT_URL, { scope: '/' }).catch(() => null)
    : Promise.resolve(null);
  return registration;
}

/**
 * Asks the service worker to store these same-origin URLs now (game state, tenant data, step
 * media), so the game opens without signal later even if they were loaded before the worker
 * took control. Without a service worker it does nothing.
 */
export async function warmOfflineCache(urls: readonly string[]): Promise<void> {
  const ready = await registerPlayerServiceWorker();
  if (!ready) return;
  const { active } = await navigator.serviceWorker.ready;
  const message: WarmMessage = { type: WARM_MESSAGE, urls: [...urls] };
  active?.postMessage(message);
}

/** The URL of a tenant's web app manifest. */
export function tenantManifestUrl(slug: string): string {
  return urlOf(publicTenants.manifest, { slug });
}
