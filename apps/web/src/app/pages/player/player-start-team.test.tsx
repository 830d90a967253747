import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSED_GAME,
  profileOf,
  renderPlayerPage,
  requestsTo,
  stubPlayApi,
} from '../../../test/kits/player';
import { errorResponse, jsonResponse } from '../../../test/stub-api';
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

beforeEach(() => {
  // jsdom has no object URLs: the photo preview gets a fixed one.
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = 'Tappa';
});

describe('player start screen: the team form', () => {
  it('returning: Bentornato!, prefilled form, paused games and Riprendi → gameplay', async () => {
    const api = stubPlayApi({
      'POST /api/play/acme/identify': () =>
        jsonResponse(200, {
          mode: 'returning',
          profile: profileOf({ paused_games: [PAUSED_GAME] }),
        }),
      [`POST /api/play/acme/games/${PAUSED_GAME.id}/resume`]: () =>
        jsonResponse(200, { next: 'play', game_id: PAUSED_GAME.id, route_slug: 'centro' }),
    });
    const router = openStart();
    await identify('Recupera i tuoi dati');
    expect(await screen.findByRole('heading', { name: 'Bentornato!' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Nome della squadra').value).toBe('I Leoni');
    expect(screen.getByLabelText<HTMLInputElement>('Componenti (facoltativo)').value).toBe(
      'Anna, Luca',
    );
    expect(screen.getByRole('img', { name: 'Foto della squadra' }).getAttribute('src')).toBe(
      '/files/team-avatars/leoni.png',
    );
    const paused = screen.getByRole('region', { name: 'Giochi Interrotti' });
    expect(within(paused).getByText('Giro del Centro')).toBeTruthy();
    expect(within(paused).getByText('Squadra: I Leoni')).toBeTruthy();
    expect(within(paused).getByText('Punteggio: 42')).toBeTruthy();
    expect(within(paused).getByText('Tappa 3')).toBeTruthy();
    // 10:30 UTC on the tenant's clock (Rome), named: the tests' browser is on UTC.
    expect(within(paused).getByText('Interrotto il 04/05/2025, 12:30 (ora di Roma)')).toBeTruthy();

    fireEvent.click(within(paused).getByRole('button', { name: 'Riprendi' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/acme/gioco/step?route=centro&game=${PAUSED_GAME.id}`,
      ),
    );
    expect(requestsTo(api, 'POST', `/api/play/acme/games/${PAUSED_GAME.id}/resume`)).toHaveLength(
      1,
    );
  });

  it("new: Benvenuto!, Continua sends multipart and opens select-route; 'Annulla' resets", async () => {
    const api = stubPlayApi({
      'POST /api/play/acme/identify': () =>
        jsonResponse(200, { mode: 'new', profile: profileOf({ registration: null }) }),
      'PUT /api/play/acme/registration': () =>
        jsonResponse(200, {
          email: 'team@example.com',
          team_name: 'Le Aquile',
          team_members: 'Anna, Luca',
          avatar_url: '/files/team-avatars/aquile.png',
          photo_wall_consent: false,
        }),
    });
    const router = openStart();
    await identify('Registrati');
    expect(await screen.findByRole('heading', { name: 'Benvenuto!' })).toBeTruthy();
    expect(screen.getByText('Separati da virgola, ad esempio: Anna, Luca, Marta')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await identify('Registrati');
    await screen.findByRole('heading', { name: 'Benvenuto!' });

    fireEvent.change(screen.getByLabelText('Nome della squadra'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(await screen.findByText('Inserisci il nome della squadra')).toBeTruthy();
    expect(requestsTo(api, 'PUT', '/api/play/acme/registration')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Nome della squadra'), {
      target: { value: '  Le Aquile ' },
    });
    fireEvent.change(screen.getByLabelText('Componenti (facoltativo)'), {
      target: { value: 'Anna, Luca' },
    });
    const photo = new File(['png'], 'team.png', { type: 'image/png' });
    const photoInput = screen.getByLabelText('Foto della squadra (facoltativa)');
    expect(photoInput.getAttribute('accept')).toBe('image/*');
    fireEvent.change(photoInput, { target: { files: [photo] } });
    expect(screen.getByRole('img', { name: 'Foto della squadra' }).getAttribute('src')).toBe(
      'blob:photo',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/select-route'));
    expect(router.state.location.state).toEqual({
      email: 'team@example.com',
      teamName: 'Le Aquile',
    });
    const [request] = requestsTo(api, 'PUT', '/api/play/acme/registration');
    const form = request?.body;
    if (!(form instanceof FormData)) throw new Error('the registration is not multipart');
    expect(JSON.parse(textOf(form.get('data')))).toEqual({
      team_name: 'Le Aquile',
      team_members: 'Anna, Luca',
      photo_wall_consent: false,
    });
    expect(form.get('avatar')).toBeInstanceOf(File);
  });

  it("shows the code's text, or 'Errore durante il salvataggio', when saving fails", async () => {
    let answer = errorResponse('team_name_required');
    stubPlayApi({
      'GET /api/play/acme/me': () => jsonResponse(200, profileOf()),
      'PUT /api/play/acme/registration': () => answer,
    });
    openStart();
    fireEvent.click(await screen.findByRole('button', { name: 'Continua' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Il nome della squadra è obbligatorio',
    );
    answer = new Response('oops', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Errore durante il salvataggio'),
    );
  });
});

/** A multipart text part's value (fails for a file or a missing part). */
function textOf(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string') throw new Error('not a text part');
  return value;
}
