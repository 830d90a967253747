import type { Role } from '@tappa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../api/session';
import { createQueryClient } from '../../../lib/query-client';
import { renderInRouter } from '../../../test/render-in-router';
import {
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../../test/stub-api';
import { TenantSettingsPage } from './tenant-settings-page';

/** Renders the settings at `?tab=payments` for a staff member of `role`. */
function renderSettings(role: Extract<Role, 'tenant_admin' | 'game_manager'>) {
  stubApi({
    ...sessionHandler(sessionOf(role, [sessionTenant('acme', role)])),
    'GET /api/tenants/acme/payment-settings': () =>
      jsonResponse(200, {
        connected: false,
        mode: null,
        secret_key_hint: null,
        webhook_secret_set: false,
        webhook_url: 'https://giochi.example.org/api/payments/stripe/webhook/7c0e',
        updated_at: null,
      }),
  });
  const queryClient = createQueryClient();
  renderInRouter(
    [{ path: '/:tenantSlug/settings', element: <TenantSettingsPage /> }],
    '/acme/settings?tab=payments',
    queryClient,
  );
  return queryClient;
}

describe('TenantSettingsPage', () => {
  it('gives a tenant admin the Payments tab', async () => {
    renderSettings('tenant_admin');
    const tab = await screen.findByRole('tab', { name: 'Pagamenti' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Pagamenti' })).toBeTruthy();
    // The page's one h1 names it above its tabs (decision 0068).
    expect(
      screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent),
    ).toEqual(['Impostazioni']);
  });

  it('shows a game manager no Payments tab: the URL falls back to Brand', async () => {
    const queryClient = renderSettings('game_manager');
    // The tabs are judged once the session (the caller's role) is known.
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.all)?.status).toBe('success'));
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Brand', 'Admin Users', 'Players']);
    expect(within(tabs).getByRole('tab', { name: 'Brand' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
