import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

// A team's phone in the journeys: 390×844, touch, its position set, playing the demo route.

/** The game screen of the demo route; the game id is its first group. */
export const GAME_URL = /\/demo\/gioco\/step\?route=roma-centro-storico&game=([0-9a-f-]{36})$/;
/** Where the demo route's steps are, and a spot 500 m from the first. */
export const PLACES = {
  trevi: { latitude: 41.900932, longitude: 12.483313 },
  // 500 m north of the fountain.
  treviFar: { latitude: 41.905429, longitude: 12.483313 },
  pantheon: { latitude: 41.898614, longitude: 12.476869 },
  navona: { latitude: 41.89897, longitude: 12.473078 },
  campoDeFiori: { latitude: 41.895652, longitude: 12.472181 },
  argentina: { latitude: 41.895466, longitude: 12.476941 },
  vittoriano: { latitude: 41.894573, longitude: 12.483066 },
};

/** A phone standing at the Trevi fountain, with the position (and unless told, the camera) allowed. */
export async function newPhone(
  browser: Browser,
  opts: { camera: boolean } = { camera: true },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: opts.camera ? ['geolocation', 'camera'] : ['geolocation'],
    geolocation: PLACES.trevi,
  });
  return { context, page: await context.newPage() };
}

/** Registers a team and starts the demo route; returns the game id. */
export function startDemoRoute(page: Page, email: string, teamName: string): Promise<string> {
  return startRoute(page, {
    tenantSlug: 'demo',
    routeTitle: 'Roma: il cuore del centro storico',
    email,
    teamName,
  });
}

/** Registers a team at a tenant's start screen and starts the route titled so; the game id. */
export async function startRoute(
  page: Page,
  opts: { tenantSlug: string; routeTitle: string; email: string; teamName: string },
): Promise<string> {
  await page.goto(`/${opts.tenantSlug}/start`);
  await page.getByLabel('Email della squadra').fill(opts.email);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByLabel('Nome della squadra').fill(opts.teamName);
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: opts.routeTitle }).click();
  await page.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  const gameUrl = new RegExp(
    `/${opts.tenantSlug}/gioco/step\\?route=[a-z0-9-]+&game=([0-9a-f-]{36})$`,
  );
  await expect(page).toHaveURL(gameUrl);
  return gameUrl.exec(page.url())?.[1] ?? '';
}
