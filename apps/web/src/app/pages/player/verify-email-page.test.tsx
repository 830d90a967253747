import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { VerifyEmailPage } from './verify-email-page';

const PATH = '/:tenantSlug/verify-email';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('verify e-mail', () => {
  it("shows 'Email verificata!' and after 2 s opens the start screen for the e-mail", async () => {
    useFakeClock();
    const api = stubPlayApi({
      'POST /api/play/acme/verify': () => jsonResponse(200, { email: 'team@example.com' }),
    });
    const router = renderPlayerPage(PATH, <VerifyEmailPage />, '/acme/verify-email?token=tok-1');
    await waitUntil(() => screen.getByRole('heading', { name: 'Email verificata!' }));
    expect(jsonBody(requestsTo(api, 'POST', '/api/play/acme/verify')[0])).toEqual({
      token: 'tok-1',
    });

    await advanceClock(1900);
    expect(router.state.location.pathname).toBe('/acme/verify-email');
    await advanceClock(100);
    await waitUntil(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/acme/start?verified_email=team%40example.com',
      ),
    );
    expect(requestsTo(api, 'POST', '/api/play/acme/verify')).toHaveLength(1);
  });

  it.each([
    ['verification_token_invalid', 'Token di verifica non valido'],
    ['verification_token_not_found', 'Token di verifica non trovato'],
    ['email_already_verified', 'Questa email è già stata verificata'],
    ['verification_token_expired', 'Il token di verifica è scaduto'],
  ] as const)("shows 'Verifica fallita' with the reason (%s: %s)", async (code, message) => {
    stubPlayApi({ 'POST /api/play/acme/verify': () => errorResponse(code) });
    const router = renderPlayerPage(PATH, <VerifyEmailPage />, '/acme/verify-email?token=bad');
    expect(await screen.findByRole('heading', { name: 'Verifica fallita' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    fireEvent.click(screen.getByRole('link', { name: 'Torna alla registrazione' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it('fails without asking the server when the link has no token', async () => {
    const api = stubPlayApi();
    renderPlayerPage(PATH, <VerifyEmailPage />, '/acme/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verifica fallita' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Token di verifica non valido');
    expect(requestsTo(api, 'POST', '/api/play/acme/verify')).toHaveLength(0);
  });
});
