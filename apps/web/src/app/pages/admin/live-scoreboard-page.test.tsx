import type { Rankings } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TENANT } from '../../../test/kits/player';
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
import { renderInRouter } from '../../../test/render-in-router';
import { LiveScoreboardPage } from './live-scoreboard-page';

const SCOREBOARD = '/api/public/tenants/acme/scoreboard';

/** All routes: four teams overall (the fourth on an exploration route, seen yesterday), four today. */
const ALL = rankingsOf({
  overall: [
    rowOf(1, { team_name: 'I Leoni', score: 42, progress: 5, total: 6 }),
    rowOf(2, { team_name: 'Le Aquile', last_seen: '2025-05-04T09:30:00.000Z' }),
    rowOf(3, { team_name: 'I Lupi' }),
    rowOf(4, {
      team_name: 'Gli Esploratori',
      route_type: 'exploration',
      score: 0,
      last_seen: '2025-05-03T09:05:00.000Z',
    }),
  ],
  today: [
    rowOf(1, { id: 't1', team_name: 'I Leoni' }),
    rowOf(2, { id: 't2', team_name: 'Le Aquile' }),
    rowOf(3, { id: 't3', team_name: 'I Lupi' }),
    rowOf(4, { id: 't4', team_name: 'Le Volpi' }),
  ],
  computed_at: '2025-05-04T10:30:00.000Z',
});
const ONLY_MUSEI = rankingsOf({
  route: MUSEI,
  overall: [rowOf(1, { team_name: 'Gli Esploratori', route_type: 'exploration' })],
});

/** Opens the live scoreboard of acme at `url` with rankings per route filter. */
function openBoard(url = '/acme/scoreboard', byRoute: Record<string, Rankings> = {}) {
  const api = stubFetchByUrl((request) => {
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === `${SCOREBOARD}/routes`) {
      return Response.json({ routes: [CENTRO, MUSEI] });
    }
    if (request.pathname === SCOREBOARD) {
      return Response.json(byRoute[request.searchParams.get('route') ?? ''] ?? ALL);
    }
    return undefined;
  });
  const router = renderInRouter(
    [
      { path: '/:tenantSlug/scoreboard', element: <LiveScoreboardPage /> },
      { path: '/:tenantSlug/start', element: <h1>start</h1> },
    ],
    url,
  );
  return { api, router };
}

/** The 'Live Rankings' table. */
async function liveTable() {
  return screen.findByRole('table', { name: 'Live Rankings' });
}

beforeEach(() => {
  stubEventSource();
});

describe('LiveScoreboardPage', () => {
  it('shows the Live Rankings table with its columns, medals, exploration scores and last seen', async () => {
    openBoard();
    const table = await liveTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Team', 'Score', 'Progress', 'Last Seen']);
    const rows = rowTexts(table);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['1', 'I Leoni', '42', '5/6'],
      ['2', 'Le Aquile', '80', '3/6'],
      ['3', 'I Lupi', '70', '3/6'],
      ['4', 'Gli Esploratori', '-', '3/6'],
    ]);
    // Today's rows show the time of day, older ones the date too, to the minute.
    expect(rows[1]?.[4]).toMatch(/^\d\d:\d\d \(ora di Roma\)$/);
    expect(rows[3]?.[4]).toMatch(/^03\/05\/2025, \d\d:\d\d \(ora di Roma\)$/);
    expect(within(table).getByRole('img', { name: "Medaglia d'oro, 1º posto" })).toBeTruthy();
    expect(within(table).getByRole('img', { name: "Medaglia d'argento, 2º posto" })).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Medaglia di bronzo, 3º posto' })).toBeTruthy();
    expect(within(table).queryAllByRole('img')).toHaveLength(3);
    expect(screen.getByText('Area Utente')).toBeTruthy();
  });

  it('shows the first three of today in the Top 3 Today panel, with an exit to the start', async () => {
    const { router } = openBoard();
    const panel = await screen.findByRole('region', { name: 'Top 3 Today' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1I Leoni90', '2Le Aquile80', '3I Lupi70']);
    const exit = within(panel).getByRole('link', { name: 'Esci' });
    expect(exit.getAttribute('href')).toBe('/acme/start');
    fireEvent.click(exit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it("shows 'No active games at the moment' and an empty Top 3 without games", async () => {
    openBoard('/acme/scoreboard', { '': rankingsOf() });
    expect(await screen.findByText('No active games at the moment')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Top 3 Today' });
    expect(within(panel).getByText('Nessuna partita completata oggi')).toBeTruthy();
  });

  it('filters by route: the request, the table, the URL and the big-screen link follow', async () => {
    const { api, router } = openBoard('/acme/scoreboard', { musei: ONLY_MUSEI });
    await liveTable();
    const select = screen.getByRole('combobox', { name: 'Filtra per Route' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Tutte le Routes', 'Giro del Centro', 'Musei']),
    );
    const bigScreen = screen.getByRole('link', { name: /Apri schermo grande/ });
    expect(bigScreen.getAttribute('href')).toBe('/acme/classifica');
    expect(bigScreen.getAttribute('target')).toBe('_blank');

    fireEvent.change(select, { target: { value: 'musei' } });
    await waitFor(() => expect(rowTexts(screen.getByRole('table')).length).toBe(1));
    expect(calledUrls(api)).toContain(`${SCOREBOARD}?route=musei`);
    expect(router.state.location.search).toBe('?route=musei');
    expect(bigScreen.getAttribute('href')).toBe('/acme/classifica?route=musei');
    expect(FakeEventSource.latest().url).toBe(`${SCOREBOARD}/stream?route=musei`);
  });

  it('opens on the route of the URL and updates by push', async () => {
    openBoard('/acme/scoreboard?route=musei', { musei: ONLY_MUSEI });
    const table = await liveTable();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Filtra per Route' });
    await waitFor(() => expect(select.value).toBe('musei'));
    expect(screen.getByText('Aggiornamento ogni 5 s')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    expect(await screen.findByText('In diretta')).toBeTruthy();
    act(() =>
      source.emit(
        'rankings',
        rankingsOf({
          route: MUSEI,
          overall: [rowOf(1, { team_name: 'Nuovi Arrivati', route_type: 'exploration' })],
          computed_at: '2025-05-04T10:31:00.000Z',
        }),
      ),
    );
    expect(await within(table).findByText('Nuovi Arrivati')).toBeTruthy();
  });

  it("says 'Classifica congelata' when staff froze the standings", async () => {
    openBoard('/acme/scoreboard', { '': { ...ALL, frozen_at: '2025-05-04T10:00:00.000Z' } });
    await liveTable();
    expect(screen.getByText('Classifica congelata')).toBeTruthy();
  });
});
