import { fireEvent, screen } from '@testing-library/react';
import type * as ReactRouter from '../../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { renderRoute } from '../../../test/render-route';
import { jsonResponse, sessionOf, sessionTenant, stubApi } from '../../../test/stub-api';

/** The page's `navigate`: recorded, and swallowed so the page stays on its login path. */
const navigate = vi.hoisted(() => vi.fn());

vi.mock('../../../lib/router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  useNavigate: () => navigate,
}));

describe('tenant login redirect watchdog', () => {
  it('shows the redirect error and stops loading 5 s after a sign-in that did not leave', async () => {
    stubApi({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, {
          id: 'id-acme',
          slug: 'acme',
          name: 'Acme Quest',
          logo_url: null,
          favicon_url: null,
          footer_logo_url: null,
          primary_color: '#3B82F6',
          secondary_color: '#10B981',
          is_available: true,
        }),
      'POST /api/session/sign-in': () =>
        jsonResponse(200, sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])),
    });
    renderRoute('/acme/login');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'mario@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    useFakeClock();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // The watchdog starts with the redirect to the dashboard.
    await waitUntil(() => expect(navigate).toHaveBeenCalledWith('/acme/dashboard'));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveProperty('disabled', true);
    await advanceClock(4900);
    expect(screen.queryByRole('alert')).toBeNull();
    await advanceClock(200);
    expect(screen.getByRole('alert').textContent).toBe(
      'Login seems successful but unable to redirect. Please check your permissions.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
  });
});
