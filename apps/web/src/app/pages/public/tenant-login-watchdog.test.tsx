import { act, fireEvent, screen } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { jsonResponse, sessionOf, sessionTenant, stubApi } from '../../../test/stub-api';

// Navigation is swallowed here, so the page stays on its login path after signing in.
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  useNavigate: () => vi.fn(),
}));

describe('tenant login redirect watchdog', () => {
  it('shows the redirect error and stops loading 5 s after a sign-in that did not leave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
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
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toHaveProperty(
      'disabled',
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('alert').textContent).toBe(
      'Login seems successful but unable to redirect. Please check your permissions.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
  });
});
