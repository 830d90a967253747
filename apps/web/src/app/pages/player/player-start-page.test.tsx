import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  profileOf,
  renderPlayerPage,
  requestsTo,
  stubPlayApi,
  TENANT,
} from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { PlayerStartPage } from './player-start-page';

const PATH = '/:tenantSlug/start';

/** Opens the start screen at `url`. */
function openStart(url = '/acme/start') {
  return renderPlayerPage(PATH, <PlayerStartPage />, url);
}

/** Types an e-mail and presses one of the two identify buttons. */
async function identify(button: 'Registrati' | 'Recupera i tuoi dati', email = 'team@example.com') {
  fireEvent.change(await screen.findByLabelText('Email della squadra'), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = 'Tappa';
});

describe('player start screen', () => {
  it("shows 'Tenant non trovato' for an unknown tenant", async () => {
    stubPlayApi();
    renderPlayerPage(PATH, <PlayerStartPage />, '/nope/start');
    expect(await screen.findByRole('heading', { name: 'Tenant non trovato' })).toBeTruthy();
  });

  it('says the service is unavailable for a tenant that provides no services', async () => {
    stubPlayApi({
      'GET /api/public/tenants/acme': () => jsonResponse(200, { ...TENANT, is_available: false }),
    });
    openStart();
    expect(await screen.findByText('Questo servizio non è al momento disponibile')).toBeTruthy();
  });

  it("wears the brand's colours with the shades the server computed", async () => {
    stubPlayApi({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, {
          ...TENANT,
          brand_style: { '--color-primary': '#C2410C', '--color-primary-fill': '#b03b0b' },
        }),
    });
    openStart();
    await screen.findByRole('button', { name: 'Registrati' });
    const player = document.querySelector<HTMLElement>('.player');
    expect(player?.style.getPropertyValue('--color-primary')).toBe('#C2410C');
    expect(player?.style.getPropertyValue('--color-primary-fill')).toBe('#b03b0b');
  });

  it('email-check: logo, name, title and the two buttons', async () => {
    stubPlayApi();
    openStart();
    expect(await screen.findByRole('button', { name: 'Registrati' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recupera i tuoi dati' })).toBeTruthy();
    expect(screen.getByText('Acme Quest')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo di Acme Quest' })).toBeTruthy();
    const email = screen.getByLabelText('Email della squadra');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(document.title).toBe('Acme Quest - Registrazione');
  });

  it("Registrati → 'Controlla la tua email'; 'Cambia email' goes back", async () => {
    const api = stubPlayApi({
      'POST /api/play/acme/identify': () =>
        jsonResponse(200, { mode: 'verification-sent', email: 'team@example.com' }),
    });
    openStart();
    await identify('Registrati', ' team@example.com ');
    expect(await screen.findByRole('heading', { name: 'Controlla la tua email' })).toBeTruthy();
    expect(screen.getByText('team@example.com')).toBeTruthy();
    expect(jsonBody(requestsTo(api, 'POST', '/api/play/acme/identify')[0])).toEqual({
      email: 'team@example.com',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambia email' }));
    expect(await screen.findByRole('button', { name: 'Registrati' })).toBeTruthy();
  });

  it("'Invia di nuovo l'email' sends the link again and says so", async () => {
    const api = stubPlayApi({
      'POST /api/play/acme/identify': () =>
        jsonResponse(200, { mode: 'verification-sent', email: 'team@example.com' }),
      'POST /api/play/acme/verification/resend': () =>
        jsonResponse(200, { email: 'team@example.com' }),
    });
    openStart();
    await identify('Registrati', 'team@example.com');
    fireEvent.click(await screen.findByRole('button', { name: "Invia di nuovo l'email" }));
    expect(
      await screen.findByText(
        'Ti abbiamo inviato un nuovo link a team@example.com. Apri il più recente.',
      ),
    ).toBeTruthy();
    const sent = requestsTo(api, 'POST', '/api/play/acme/verification/resend');
    expect(sent).toHaveLength(1);
    expect(jsonBody(sent[0])).toEqual({ email: 'team@example.com' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['too_many_verification_mails', 'Troppe richieste per questa email: riprova più tardi'],
    ['verification_mail_failed', "Errore durante l'invio della email di verifica"],
  ] as const)('a refused resend (%s) shows its text and no confirmation', async (code, text) => {
    stubPlayApi({
      'POST /api/play/acme/identify': () =>
        jsonResponse(200, { mode: 'verification-sent', email: 'team@example.com' }),
      'POST /api/play/acme/verification/resend': () => errorResponse(code),
    });
    openStart();
    await identify('Registrati', 'team@example.com');
    fireEvent.click(await screen.findByRole('button', { name: "Invia di nuovo l'email" }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByText(/nuovo link/)).toBeNull();
    expect(screen.getByRole('button', { name: "Invia di nuovo l'email" })).toBeTruthy();
  });

  it("shows the catalogue text of the server's code when identify fails", async () => {
    stubPlayApi({ 'POST /api/play/acme/identify': () => errorResponse('tenant_unavailable') });
    openStart();
    await identify('Recupera i tuoi dati');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Questo servizio non è al momento disponibile',
    );
  });

  it('goes straight to the team form when the phone is already identified', async () => {
    stubPlayApi({ 'GET /api/play/acme/me': () => jsonResponse(200, profileOf()) });
    openStart();
    expect(await screen.findByRole('heading', { name: 'Bentornato!' })).toBeTruthy();
    expect(screen.getByText('team@example.com')).toBeTruthy();
  });

  it('after verification (?verified_email=) opens the form for that e-mail', async () => {
    stubPlayApi({
      'GET /api/play/acme/me': () =>
        jsonResponse(200, profileOf({ email: 'new@example.com', registration: null })),
    });
    openStart('/acme/start?verified_email=new%40example.com');
    expect(await screen.findByRole('heading', { name: 'Benvenuto!' })).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
  });

  it('prefills the e-mail step when a verified e-mail has no session', async () => {
    stubPlayApi();
    openStart('/acme/start?verified_email=new%40example.com');
    expect((await screen.findByLabelText<HTMLInputElement>('Email della squadra')).value).toBe(
      'new@example.com',
    );
  });
});
