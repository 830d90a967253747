import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request,
} from '@playwright/test';
import sharp from 'sharp';
import { routeFields, tenantFields } from '../apps/server/test/helpers/forms';
import { outboxLinks as linksInOutbox } from '../apps/server/test/helpers/outbox';

/** The superadmin `global-setup.ts` starts the server with. */
export const SUPERADMIN = { email: 'e2e-superadmin@tappa.test', password: 'e2e-superadmin-pw' };

let clients = 0;

/**
 * A client address of its own, as the server (trusting its loopback proxy) reads it from
 * `X-Forwarded-For`: the journeys share one server, and its per-address sign-in limit (10 a
 * minute) is for one person's browser, not for a whole test suite signing in from 127.0.0.1.
 */
export function clientAddress(): string {
  clients += 1;
  return `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/** An API client of the e2e server signed in as the superadmin (with the CSRF header). */
export async function superadminApi(
  baseURL = process.env.E2E_BASE_URL,
): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-tappa-csrf': '1', 'x-forwarded-for': clientAddress() },
  });
  const signedIn = await api.post('/api/session/sign-in', { data: SUPERADMIN });
  if (!signedIn.ok())
    throw new Error(`superadmin sign-in: ${signedIn.status()} ${await signedIn.text()}`);
  return api;
}

/** A tenant a journey creates through the API, with its first admin. */
export interface NewTenant {
  name: string;
  admin: string;
  password: string;
  company: string;
  /** The brand's colours (`#rrggbb`); the platform's defaults when left out. */
  colors?: { primary_color: string; secondary_color: string };
}

/** Creates a tenant and its admin as the superadmin's New Tenant form does; true on 201. */
export async function createTenant(api: APIRequestContext, tenant: NewTenant): Promise<boolean> {
  const created = await api.post('/api/platform/tenants', {
    multipart: {
      data: JSON.stringify(
        tenantFields({
          name: tenant.name,
          admin_email: tenant.admin,
          admin_password: tenant.password,
          company_name: tenant.company,
          ...tenant.colors,
        }),
      ),
    },
  });
  if (created.status() !== 201)
    console.error(`createTenant: ${created.status()} ${await created.text()}`);
  return created.status() === 201;
}

/**
 * A route a journey creates through the API, with access type 'code' unless told: one photo
 * step at `place`, or `tasks` (text steps there, each with its answer).
 */
export interface NewRoute {
  slug: string;
  title: string;
  access_type?: 'free' | 'code' | 'paid';
  place: { name: string; lat: number; lng: number };
  geolocation?: boolean;
  tasks?: { task: string; answer: string }[];
  /**
   * A photo step under staff review (decision 0083), first, before the tasks: its photos wait in
   * the review queue.
   */
  review?: 'staff';
}

/** Creates the route in the tenant of `tenantSlug` and imports its steps; its id. */
export async function createRouteWithSteps(
  api: APIRequestContext,
  tenantSlug: string,
  route: NewRoute,
): Promise<string> {
  const base = `/api/tenants/${tenantSlug}/routes`;
  const created = await api.post(base, {
    data: routeFields({
      title: route.title,
      slug: route.slug,
      access_type: route.access_type ?? 'code',
      geolocation_enabled: route.geolocation ?? false,
    }),
  });
  if (created.status() !== 201)
    throw new Error(`createRouteWithSteps: ${created.status()} ${await created.text()}`);
  const { place } = route;
  const step = { place: place.name, lat: place.lat, lng: place.lng, radius_m: 50 };
  const imported = await api.post(`${base}/import`, {
    data: {
      json: JSON.stringify({
        id: route.slug,
        title: route.title,
        steps: [
          // A photo step under review comes first, before the tasks (a rejection reopens it).
          ...(route.review || !route.tasks
            ? [{ ...step, task: 'Foto', check_type: 'photo', review: route.review }]
            : []),
          ...(route.tasks ?? []).map(({ task, answer }, i) => ({
            ...step,
            place: `${place.name} ${i + 1}`,
            task,
            check_type: 'text',
            check_answer: answer,
          })),
        ].map((s, i) => ({ ...s, ord: i + 1 })),
      }),
    },
  });
  if (!imported.ok())
    throw new Error(`createRouteWithSteps import: ${imported.status()} ${await imported.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Generates `count` access codes of a route through the staff API; the codes. */
export async function generateCodes(
  api: APIRequestContext,
  tenantSlug: string,
  routeId: string,
  count: number,
): Promise<string[]> {
  const generated = await api.post(`/api/tenants/${tenantSlug}/routes/${routeId}/access-codes`, {
    data: { count },
  });
  if (generated.status() !== 201)
    throw new Error(`generateCodes: ${generated.status()} ${await generated.text()}`);
  return ((await generated.json()) as { codes: { code: string }[] }).codes.map(({ code }) => code);
}

/**
 * The organisers' desk: a desktop browser of its own (1366×768 unless told) behind an address of
 * its own, signed in as the superadmin through the API; close it when done.
 */
export async function superadminDesk(
  browser: Browser,
  viewport = { width: 1366, height: 768 },
): Promise<BrowserContext> {
  const desk = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const signIn = await desk.request.post('/api/session/sign-in', {
    data: SUPERADMIN,
    headers: { 'x-tappa-csrf': '1' },
  });
  expect(signIn.ok()).toBe(true);
  return desk;
}

/** Signs in through the login form at `url` (`/login` or a tenant's `/{slug}/login`). */
export async function signInAt(page: Page, url: string, email: string, password: string) {
  // Each signed-in browser page a client of its own (see `clientAddress`).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Fails the journey if `page` opens a native alert, confirm or prompt: the app asks in its own
 * dialogs (decision 0063). Only the browser's leave-page box (beforeunload) is the browser's.
 */
export function forbidNativeDialogs(page: Page): void {
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') return void dialog.accept();
    void dialog.dismiss();
    throw new Error(`a native ${dialog.type()} opened: ${dialog.message()}`);
  });
}

/**
 * Answers the app's confirmation on `page`: it must be an in-app alertdialog asking `question`
 * (the spec's text, verbatim or a pattern); then Confirm, or Cancel with `confirm` false.
 */
export async function answerConfirmation(
  page: Page,
  question: string | RegExp,
  confirm = true,
): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleDescription(question);
  await dialog
    .getByRole('button', { name: confirm ? /^(Conferma|Confirm)$/ : /^(Annulla|Cancel)$/ })
    .click();
  await expect(dialog).toHaveCount(0);
}

/** The links to `pathPart` found in the outbox e-mails sent to `to`, oldest first. */
export function outboxLinks(to: string, pathPart: string): Promise<string[]> {
  return linksInOutbox(process.env.E2E_DATA_DIR ?? '', to, pathPart);
}

/** The video Chromium's fake camera plays in the gameplay journeys: this QR code, still. */
export const FAKE_CAMERA_VIDEO = path.join(os.tmpdir(), 'tappa-e2e-camera.y4m');
/** The answer of the demo route's QR step, as the fake camera shows it. */
export const QR_CODE_ON_CAMERA = 'NAVONA-4FIUMI';

/** A PNG of the given size and colour, as a file the browser uploads. */
export async function pngFile(name: string, width: number, height: number, background: string) {
  const buffer = await sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * A desktop browser of its own (1280x800), signed in at the tenant's login and landing on its
 * dashboard; close it with `page.context().close()`.
 */
export async function tenantAdminPage(
  browser: Browser,
  tenantSlug: string,
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAt(page, `/${tenantSlug}/login`, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`/${tenantSlug}/dashboard$`));
  return page;
}
