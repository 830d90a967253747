import type { AlbumSummary, GameResult, Rankings, TeamLedger, TeamResults } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPlayerPage, TENANT } from '../../../test/kits/player';
import {
  calledUrls,
  CENTRO,
  FakeEventSource,
  MUSEI,
  rankingsOf,
  rowOf,
  rowTexts,
  stubEventSource,
  stubFetchByUrl,
} from '../../../test/kits/scoreboards';
import { gameAlbumKeys } from '../../../api/game-album';
import { queryStore } from '../../../lib/query';
import { errorResponse } from '../../../test/stub-api';
import { FinalScoreboardPage } from './final-scoreboard-page';

const PATH = '/:tenantSlug/game/scoreboard';
const GAME_ID = '33333333-3333-4333-8333-333333333333';
const SCOREBOARD = '/api/public/tenants/acme/scoreboard';
const ALBUM = `/api/play/acme/games/${GAME_ID}/album`;
const RESULTS = `/api/play/acme/games/${GAME_ID}/results`;

/** The team 'I Leoni' finished second on the centro route with 80 points. */
const RESULT: GameResult = {
  game_id: GAME_ID,
  status: 'completed',
  team_name: 'I Leoni',
  team_avatar_url: '/files/team-avatars/leoni.png',
  total_score: 80,
  route: CENTRO,
  position: 2,
  row_id: 'row-leoni',
};

const CENTRO_RANKINGS = rankingsOf({
  route: CENTRO,
  overall: [
    rowOf(1, { team_name: 'Le Aquile' }),
    rowOf(2, { id: 'row-leoni', team_name: 'I Leoni', progress: 6 }),
    rowOf(3, { team_name: 'I Lupi' }),
    rowOf(4, { team_name: 'Le Volpi' }),
  ],
  today: [rowOf(1, { id: 'row-leoni', team_name: 'I Leoni', progress: 6 })],
});

/** Options of `openScoreboard`. */
interface Answers {
  rankings?: Rankings;
  result?: GameResult;
  footerLogo?: string | null;
  /** What the team's album holds; an error when the visitor is not the team or it is empty. */
  album?: AlbumSummary | Response;
  /** The team's own results; an error for anyone else. */
  results?: TeamResults | Response;
}

/** Opens the end-of-game scoreboard at `url` with the given answers. */
function openScoreboard(url: string, answers: Answers = {}) {
  const {
    rankings = CENTRO_RANKINGS,
    result = RESULT,
    footerLogo = null,
    album = errorResponse('player_session_invalid'),
    results = TEAM_RESULTS,
  } = answers;
  const api = stubFetchByUrl((request) => {
    switch (request.pathname) {
      case '/api/public/tenants/acme':
        return Response.json(TENANT);
      case '/api/public/platform-brand':
        return Response.json({ logo_url: null, favicon_url: null, footer_logo_url: footerLogo });
      case SCOREBOARD:
        return Response.json(rankings);
      case `/api/public/tenants/acme/games/${GAME_ID}/result`:
        return Response.json(result);
      case `/api/play/acme/games/${GAME_ID}/ledger`:
        return Response.json(LEDGER);
      case ALBUM:
        return album instanceof Response ? album : Response.json(album);
      case RESULTS:
        return results instanceof Response ? results : Response.json(results);
      default:
        return undefined;
    }
  });
  const router = renderPlayerPage(PATH, <FinalScoreboardPage />, url);
  return { api, router };
}

/** The team's ledger: two right tries and five points from the organisers. */
const LEDGER: TeamLedger = {
  total_score: 80,
  entries: [
    {
      id: 1,
      step: { id: 's1', number: 1, place: 'Fontana' },
      kind: 'try',
      points: 40,
      reason: null,
      undoes_id: null,
      undone_by_id: null,
      at: '2025-05-04T10:00:00.000Z',
    },
    {
      id: 2,
      step: { id: 's2', number: 2, place: 'Ponte' },
      kind: 'try',
      points: 35,
      reason: null,
      undoes_id: null,
      undone_by_id: null,
      at: '2025-05-04T10:10:00.000Z',
    },
    {
      id: 3,
      step: null,
      kind: 'adjustment',
      points: 5,
      reason: 'Foto più bella',
      undoes_id: null,
      undone_by_id: null,
      at: '2025-05-04T10:20:00.000Z',
    },
  ],
};

/** The team's own results: a step solved at the second try with its photo, one skipped. */
const TEAM_RESULTS: TeamResults = {
  game_id: GAME_ID,
  team_name: 'I Leoni',
  route: CENTRO,
  position: 2,
  total_score: 80,
  total_ms: 3_725_000,
  finished_at: '2025-05-04T11:00:00.000Z',
  steps: [
    {
      number: 1,
      place: 'Fontana',
      status: 'ok',
      attempts: 2,
      elapsed_ms: 95_000,
      points: 40,
      photo_url: `/api/play/acme/photos/gs-1?v=1`,
    },
    {
      number: 2,
      place: 'Ponte',
      status: 'skipped',
      attempts: 0,
      elapsed_ms: 30_000,
      points: 0,
      photo_url: null,
    },
  ],
  ledger: LEDGER.entries,
};

const WITH_GAME = `/acme/game/scoreboard?route=centro&game=${GAME_ID}`;

/** The ranking table named `name`. */
function tableOf(name: string) {
  return screen.getByRole('table', { name });
}

beforeEach(() => {
  stubEventSource();
});

describe('end-of-game scoreboard', () => {
  it('has the tenant header, the route title, a Home button and the page title', async () => {
    const { router } = openScoreboard(WITH_GAME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Giro del Centro' })).toBeTruthy();
    expect(screen.getByText('Acme Quest')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo di Acme Quest' })).toBeTruthy();
    expect(document.title).toBe('Acme Quest - Classifica');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it("congratulates the team with its avatar, place and final score in 'punti'", async () => {
    openScoreboard(WITH_GAME);
    const card = await screen.findByRole('region', { name: 'Complimenti!' });
    expect(within(card).getByRole('img', { name: 'Avatar di I Leoni' })).toBeTruthy();
    expect(within(card).getByText('I Leoni')).toBeTruthy();
    expect(within(card).getByText('Posizione: #2')).toBeTruthy();
    expect(within(card).getByText('Punteggio Finale')).toBeTruthy();
    expect(within(card).getByText('80').parentElement?.textContent).toBe('80 punti');
    expect(
      within(card).getByText(
        'Hai completato il percorso! Guarda come ti sei posizionato rispetto agli altri giocatori.',
      ),
    ).toBeTruthy();
  });

  it('shows both rankings with their columns, medals and the own row highlighted', async () => {
    openScoreboard(WITH_GAME);
    await screen.findByRole('table', { name: 'Classifica Generale' });
    const overall = tableOf('Classifica Generale');
    const today = tableOf('Classifica di Oggi');
    expect(
      within(overall)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Posizione', 'Team', 'Punteggio', 'Progresso']);
    expect(rowTexts(overall)).toEqual([
      ['1', 'Le Aquile', '90', '3/6'],
      ['2', 'I LeoniTu', '80', '6/6'],
      ['3', 'I Lupi', '70', '3/6'],
      ['4', 'Le Volpi', '60', '3/6'],
    ]);
    expect(
      within(overall)
        .getAllByRole('img')
        .map((medal) => medal.getAttribute('aria-label')),
    ).toEqual([
      "Medaglia d'oro, 1º posto",
      "Medaglia d'argento, 2º posto",
      'Medaglia di bronzo, 3º posto',
    ]);
    for (const table of [overall, today]) {
      const own = within(table)
        .getAllByRole('row')
        .filter((row) => row.getAttribute('aria-current') === 'true');
      expect(own.map((row) => row.className)).toEqual(['ranking__row ranking__row--own']);
      expect(own[0]?.textContent).toContain('I Leoni');
    }
  });

  it("loads the route of the URL and shows '-' and a check mark on an exploration route", async () => {
    const { api } = openScoreboard(`/acme/game/scoreboard?route=musei&game=${GAME_ID}`, {
      rankings: rankingsOf({
        route: MUSEI,
        overall: [rowOf(1, { id: 'row-leoni', team_name: 'I Leoni', route_type: 'exploration' })],
      }),
      result: { ...RESULT, route: MUSEI, total_score: 0, position: 1 },
    });
    const card = await screen.findByRole('region', { name: 'Complimenti!' });
    expect(within(card).getByRole('img', { name: 'Percorso completato' }).textContent).toBe('✓');
    expect(within(card).queryByText(/punti/)).toBeNull();
    await waitFor(() => expect(rowTexts(tableOf('Classifica Generale'))[0]?.[2]).toBe('-'));
    expect(calledUrls(api)).toContain(`${SCOREBOARD}?route=musei`);
  });

  it('shows the initial of a team without avatar', async () => {
    openScoreboard(WITH_GAME, { result: { ...RESULT, team_avatar_url: null } });
    const card = await screen.findByRole('region', { name: 'Complimenti!' });
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.querySelector('.result-card__avatar--initial')?.textContent).toBe('I');
  });

  it('shows the empty states and no card without a game or games', async () => {
    const { api } = openScoreboard('/acme/game/scoreboard?route=centro', {
      rankings: rankingsOf({ route: CENTRO }),
    });
    expect(await screen.findByText('Nessuna partita completata oggi')).toBeTruthy();
    expect(screen.getByText('Nessuna partita in corso')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Complimenti!')).toBeNull();
    expect(calledUrls(api).some((url) => url.includes('/games/'))).toBe(false);
  });

  it('follows pushed rankings: the rows and the place on the card move', async () => {
    openScoreboard(WITH_GAME);
    const card = await screen.findByRole('region', { name: 'Complimenti!' });
    await within(card).findByText('Posizione: #2');
    act(() =>
      FakeEventSource.latest().emit('rankings', {
        ...CENTRO_RANKINGS,
        overall: [rowOf(1, { id: 'row-leoni', team_name: 'I Leoni', score: 95 })],
        computed_at: '2025-05-04T10:40:00.000Z',
      }),
    );
    expect(await within(card).findByText('Posizione: #1')).toBeTruthy();
    expect(rowTexts(tableOf('Classifica Generale'))).toEqual([['1', 'I LeoniTu', '95', '3/6']]);
  });

  it('shows the platform footer logo when the brand has one', async () => {
    openScoreboard(WITH_GAME, { footerLogo: '/files/brand/footer.png' });
    const logo = await screen.findByRole('img', { name: 'Tappa' });
    expect(logo.getAttribute('src')).toBe('/files/brand/footer.png');
    expect(screen.getByText('Powered by')).toBeTruthy();
  });

  it("opens 'Perché questi punti': the team's entries with their reasons and the total", async () => {
    const { api } = openScoreboard(WITH_GAME);
    const button = await screen.findByRole('button', { name: 'Perché questi punti' });
    expect(calledUrls(api)).not.toContain(`/api/play/acme/games/${GAME_ID}/ledger`);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Totale: 80 punti')).toBeTruthy();
    const entries = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toContain('+40 Risposta giusta · Tappa 1: Fontana');
    expect(entries).toContain('+5 Punti dallo staffFoto più bella');
  });

  it("offers the team its photos as a download when its game has some: 'Scarica le nostre foto'", async () => {
    openScoreboard(WITH_GAME, { album: { photos: 3, bytes: 240_000 } });
    const link = await screen.findByRole('link', { name: 'Scarica le nostre foto' });
    expect(link.getAttribute('href')).toBe(`${ALBUM}.zip`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText('3 foto')).toBeTruthy();
  });

  it.each([
    ['to a visitor who is not the team', errorResponse('player_session_invalid')],
    ["to another team's browser", errorResponse('game_not_found')],
    ['for a game without photos', errorResponse('album_empty')],
  ])('offers no photos %s', async (_who, answer) => {
    const { api } = openScoreboard(WITH_GAME, { album: answer });
    await screen.findByRole('button', { name: 'Perché questi punti' });
    await waitFor(() =>
      expect(queryStore.getState(gameAlbumKeys.summary('acme', GAME_ID)).status).toBe('error'),
    );
    expect(calledUrls(api)).toContain(ALBUM);
    expect(screen.queryByRole('link', { name: 'Scarica le nostre foto' })).toBeNull();
  });

  it('asks for no album without a game', async () => {
    const { api } = openScoreboard('/acme/game/scoreboard?route=centro');
    await screen.findByRole('table', { name: 'Classifica Generale' });
    expect(calledUrls(api).filter((url) => url.includes('/album'))).toEqual([]);
  });

  it("says 'Classifica congelata' when the standings are frozen", async () => {
    openScoreboard(WITH_GAME, {
      rankings: { ...CENTRO_RANKINGS, frozen_at: '2025-05-04T10:00:00.000Z' },
    });
    expect(await screen.findByText('Classifica congelata')).toBeTruthy();
  });

  it("opens 'I nostri risultati' on demand: figures, steps with time, tries, points, reasons and photo", async () => {
    const { api } = openScoreboard(WITH_GAME);
    const button = await screen.findByRole('button', { name: 'I nostri risultati' });
    expect(calledUrls(api)).not.toContain(RESULTS);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const steps = await screen.findByRole('heading', { name: 'Le nostre tappe' });
    expect(calledUrls(api)).toContain(RESULTS);
    const summary = screen.getByLabelText('Riepilogo');
    expect(summary.textContent).toBe(
      'PercorsoGiro del CentroPosizione#2Punteggio80Tempo totale1:02:05',
    );
    const list = steps.nextElementSibling as HTMLElement;
    const [fontana, ponte] = list.querySelectorAll<HTMLElement>(':scope > li');
    expect(within(fontana!).getByRole('heading', { level: 4 }).textContent).toBe('1. Fontana');
    expect(fontana!.textContent).toContain('Risolta');
    expect(fontana!.textContent).toContain('Tempo1:35Tentativi2Punti+40');
    expect(fontana!.textContent).toContain('+40 Risposta giusta');
    const photo = within(fontana!).getByRole('img', {
      name: 'La nostra foto della tappa 1: Fontana',
    });
    expect(photo.getAttribute('src')).toBe('/api/play/acme/photos/gs-1?v=1');
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect(ponte!.textContent).toContain('Saltata');
    expect(within(ponte!).queryByRole('img')).toBeNull();
    // The organisers' points without a step, with their reason.
    expect(screen.getByRole('heading', { name: 'Altri punti' })).toBeTruthy();
    expect(screen.getByText(/Foto più bella/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scarica immagine' })).toBeTruthy();
  });

  it("says so when the results are another team's, and offers none before the game is over", async () => {
    openScoreboard(WITH_GAME, { results: errorResponse('game_not_found') });
    fireEvent.click(await screen.findByRole('button', { name: 'I nostri risultati' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Gioco non trovato');
    expect(screen.queryByRole('button', { name: 'Scarica immagine' })).toBeNull();
  });

  it('offers no results while the game is on', async () => {
    const { api } = openScoreboard(WITH_GAME, { result: { ...RESULT, status: 'active' } });
    await screen.findByRole('button', { name: 'Perché questi punti' });
    expect(screen.queryByRole('button', { name: 'I nostri risultati' })).toBeNull();
    expect(calledUrls(api)).not.toContain(RESULTS);
  });
});
