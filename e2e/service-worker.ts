import { expect, type Page } from '@playwright/test';

// The player's service worker in the journeys (decision 0037).

/** What the page functions of the journeys use of the browser (they compile without DOM types). */
export interface PageGlobals {
  navigator: {
    serviceWorker: {
      controller: unknown;
      getRegistration(): Promise<
        Record<'active' | 'waiting' | 'installing', { state: string } | null> | undefined
      >;
    };
  };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{
      keys(): Promise<{ url: string }[]>;
      match(request: { url: string }): Promise<{ text(): Promise<string> } | undefined>;
    }>;
  };
  fetch(url: string): Promise<{ status: number }>;
  localStorage: { getItem(key: string): string | null };
  indexedDB: {
    open(name: string): {
      result: {
        transaction(store: string): {
          objectStore(store: string): { getAllKeys(): { result: unknown[]; onsuccess: unknown } };
        };
      };
      transaction: { abort(): void } | null;
      onupgradeneeded: unknown;
      onsuccess: unknown;
      onerror: unknown;
    };
  };
}

/** Waits until the player's service worker controls the page (it installs on the first visit). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const { navigator } = globalThis as unknown as PageGlobals;
          if (navigator.serviceWorker.controller) return 'controlling';
          const registration = await navigator.serviceWorker.getRegistration();
          const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
          return worker ? `worker ${worker.state}` : 'no worker';
        }),
      { timeout: 20_000 },
    )
    .toBe('controlling');
}

/** The keys of the items waiting in the page's offline queue (IndexedDB `tappa-offline`/`queue`). */
export function queuedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const { indexedDB } = globalThis as unknown as PageGlobals;
        const opening = indexedDB.open('tappa-offline');
        // Not created yet: nothing is queued, and the probe must not create it (empty).
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve([]);
        opening.onsuccess = () => {
          const keys = opening.result.transaction('queue').objectStore('queue').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
}
