import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSED_GAME,
  profileOf,
  renderPlayerPage,
  requestsTo,
  routeOf,
  stubPlayApi,
} from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { jsonResponse } from '../../../test/stub-api';
import { PlayEntryPage } from './play-entry-page';

const PATH = '/:tenantSlug/gioco';
const GAME_ID = '44444444-4444-4444-8444-444444444444';
const ROUTES = [
  routeOf({ id: 'r1', slug: 'centro', title: 'Giro del Centro' }),
  routeOf({ id: 'r2', slug: 'estate', title: 'Estate Romana', is_available: false }),
  routeOf({ id: 'r3', slug: 'musei', title: 'Musei', access_type: 'code' }),
];

/** Opens the Start Game page for an identified team. */
function openEntry(handlers: Record<string, Handler> = {}, profile = profileOf()) {
  const api = stubPlayApi({
    'GET /api/play/acme/me': () => jsonResponse(200, profile),
    'GET /api/play/acme/routes': () => jsonResponse(200, { routes: ROUTES }),
    ...handlers,
  });
  const router = renderPlayerPage(PATH, <PlayEntryPage />, '/acme/gioco');
  return { api, router };
}

/** The Start button of the route titled `title`. */
async function startOf(title: string) {
  const list = await screen.findByRole('region', { name: 'Select a Route' });
  const row = (await within(list).findByText(title)).closest('li');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row).getByRole<HTMLButtonElement>('button', { name: 'Start' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Start Game page (/gioco)', () => {
  it("shows the sections, 'Not Available' and a disabled Start outside a route's dates", async () => {
    openEntry({}, profileOf({ paused_games: [PAUSED_GAME] }));
    expect(await screen.findByRole('heading', { name: 'Giochi Interrotti' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Team Information' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Team Name').value).toBe('I Leoni');
    expect(screen.getByRole('heading', { name: 'Select a Route' })).toBeTruthy();
    expect((await startOf('Giro del Centro')).disabled).toBe(false);
    expect((await startOf('Estate Romana')).disabled).toBe(true);
    expect(screen.getByText('Not Available')).toBeTruthy();
  });

  it("shows 'Loading...' and then 'No routes available at the moment.'", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api } = openEntry({
      'GET /api/play/acme/routes': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(requestsTo(api, 'GET', '/api/play/acme/routes')).toHaveLength(1));
    const list = screen.getByRole('region', { name: 'Select a Route' });
    expect(within(list).getByRole('status').textContent).toBe('Loading...');
    answer(jsonResponse(200, { routes: [] }));
    expect(await screen.findByText('No routes available at the moment.')).toBeTruthy();
  });

  it('needs a team name: Start waits while it is blank', async () => {
    openEntry();
    fireEvent.change(await screen.findByLabelText('Team Name'), { target: { value: '   ' } });
    expect((await startOf('Giro del Centro')).disabled).toBe(true);
    expect(screen.getByText('Inserisci il nome della squadra')).toBeTruthy();
  });

  it('saves a changed team name, then starts the route and opens the gameplay', async () => {
    const { api, router } = openEntry({
      'PUT /api/play/acme/registration': () =>
        jsonResponse(200, { ...profileOf().registration, team_name: 'Le Aquile' }),
      'POST /api/play/acme/routes/centro/start': () =>
        jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'centro' }),
    });
    fireEvent.change(await screen.findByLabelText('Team Name'), {
      target: { value: ' Le Aquile ' },
    });
    fireEvent.click(await startOf('Giro del Centro'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/acme/gioco/step?route=centro&game=${GAME_ID}`,
      ),
    );
    const form = requestsTo(api, 'PUT', '/api/play/acme/registration')[0]?.body;
    if (!(form instanceof FormData)) throw new Error('the registration is not multipart');
    expect(JSON.parse(textOf(form.get('data')))).toEqual({
      team_name: 'Le Aquile',
      team_members: 'Anna, Luca',
    });
  });

  it('opens the access-code dialog for a code route without saving an unchanged name', async () => {
    const { api } = openEntry({
      'POST /api/play/acme/routes/musei/start': () => jsonResponse(200, { next: 'code' }),
    });
    fireEvent.click(await startOf('Musei'));
    expect(await screen.findByRole('dialog', { name: 'Codice di accesso' })).toBeTruthy();
    expect(requestsTo(api, 'PUT', '/api/play/acme/registration')).toHaveLength(0);
  });

  it('resumes a paused game with Riprendi', async () => {
    const { router } = openEntry(
      {
        [`POST /api/play/acme/games/${PAUSED_GAME.id}/resume`]: () =>
          jsonResponse(200, { next: 'play', game_id: PAUSED_GAME.id, route_slug: 'centro' }),
      },
      profileOf({ paused_games: [PAUSED_GAME] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Riprendi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/gioco/step'));
  });

  it('goes to the start screen without an identified team', async () => {
    stubPlayApi();
    const router = renderPlayerPage(PATH, <PlayEntryPage />, '/acme/gioco');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });
});

/** A multipart text part's value (fails for a file or a missing part). */
function textOf(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string') throw new Error('not a text part');
  return value;
}
