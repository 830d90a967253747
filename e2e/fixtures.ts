import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { outboxLinks as linksInOutbox } from '../apps/server/test/helpers/outbox';

/** The superadmin `global-setup.ts` starts the server with. */
export const SUPERADMIN = { email: 'e2e-superadmin@tappa.test', password: 'e2e-superadmin-pw' };

/** An API client of the e2e server signed in as the superadmin (with the CSRF header). */
export async function superadminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'x-tappa-csrf': '1' },
  });
  await api.post('/api/session/sign-in', { data: SUPERADMIN });
  return api;
}

/** Collects the browser's alert/confirm messages from now on, accepting every one. */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** The links to `pathPart` found in the outbox e-mails sent to `to`, oldest first. */
export function outboxLinks(to: string, pathPart: string): Promise<string[]> {
  return linksInOutbox(process.env.E2E_DATA_DIR ?? '', to, pathPart);
}

/** The video Chromium's fake camera plays in the gameplay journeys: this QR code, still. */
export const FAKE_CAMERA_VIDEO = path.join(os.tmpdir(), 'tappa-e2e-camera.y4m');
/** The answer of the demo route's QR step, as the fake camera shows it. */
export const QR_CODE_ON_CAMERA = 'NAVONA-4FIUMI';
