import type { Rankings } from '@tappa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPlayerPage, TENANT } from '../../../test/kits/player';
import {
  calledUrls,
  CENTRO,
  FakeEventSource,
  MUSEI,
  rankingsOf,
  rowOf,
  rowsOf,
  stubEventSource,
  stubFetchByUrl,
} from '../../../test/kits/scoreboards';
import { BigScreenPage } from './big-screen-page';

const PATH = '/:tenantSlug/classifica';
const SCOREBOARD = '/api/public/tenants/acme/scoreboard';

/** Opens the big screen at `url`; the scoreboard answers `rankings`. */
function openBigScreen(url: string, rankings: Rankings) {
  const api = stubFetchByUrl((request) => {
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === SCOREBOARD) return Response.json(rankings);
    return undefined;
  });
  renderPlayerPage(PATH, <BigScreenPage />, url);
  return api;
}

/** The team names of each ranking table, table by table. */
function teamsByTable(): string[][] {
  return screen
    .getAllByRole('table', { name: 'Classifica Generale' })
    .map((table) =>
      Array.from(table.querySelectorAll('.ranking__team-name')).map((cell) => cell.textContent),
    )
    .map((names) => names.map((name) => name ?? ''));
}

beforeEach(() => {
  stubEventSource();
});

describe('big-screen scoreboard', () => {
  it('shows the tenant, all routes, the ranking and today’s top 3, with no controls', async () => {
    const api = openBigScreen(
      '/acme/classifica',
      rankingsOf({
        overall: [
          rowOf(1, { team_name: 'Le Aquile' }),
          rowOf(2, { team_name: 'Gli Esploratori', route_type: 'exploration' }),
        ],
        today: [rowOf(1, { team_name: 'A' }), rowOf(2, { team_name: 'B' }), rowOf(3), rowOf(4)],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Quest' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo di Acme Quest' })).toBeTruthy();
    expect(screen.getByText('Tutte le Routes')).toBeTruthy();
    // The board's own footer, not a second one of the player frame under it.
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(document.title).toBe('Acme Quest - Classifica');
    const table = await screen.findByRole('table', { name: 'Classifica Generale' });
    const scores = Array.from(table.querySelectorAll('td.ranking__score')).map(
      (cell) => cell.textContent,
    );
    expect(scores).toEqual(['90', '-']);
    const top = screen.getByRole('region', { name: 'Top 3 di Oggi' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(3);
    expect(within(top).getByRole('img', { name: "Medaglia d'oro, 1º posto" })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(calledUrls(api)).toContain(SCOREBOARD);
  });

  it('shows the route of the URL and splits a long ranking into two tables', async () => {
    const api = openBigScreen(
      '/acme/classifica?route=centro',
      rankingsOf({ route: CENTRO, overall: rowsOf(12) }),
    );
    expect(await screen.findByText('Giro del Centro')).toBeTruthy();
    await waitFor(() => expect(teamsByTable()).toHaveLength(2));
    expect(teamsByTable()).toEqual([
      ['Team 1', 'Team 2', 'Team 3', 'Team 4', 'Team 5', 'Team 6'],
      ['Team 7', 'Team 8', 'Team 9', 'Team 10', 'Team 11', 'Team 12'],
    ]);
    expect(calledUrls(api)).toContain(`${SCOREBOARD}?route=centro`);
    expect(FakeEventSource.latest().url).toBe(`${SCOREBOARD}/stream?route=centro`);
  });

  it('shows the empty states without games', async () => {
    openBigScreen('/acme/classifica?route=musei', rankingsOf({ route: MUSEI }));
    expect(await screen.findByText('Nessuna partita in corso')).toBeTruthy();
    expect(screen.getByText('Nessuna partita completata oggi')).toBeTruthy();
    expect(screen.getByText('Musei')).toBeTruthy();
  });

  it('tells whether updates are pushed and applies them', async () => {
    openBigScreen('/acme/classifica', rankingsOf({ overall: [rowOf(1)] }));
    expect(await screen.findByText('Aggiornamento ogni 5 s')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    expect(await screen.findByText('In diretta')).toBeTruthy();
    act(() =>
      source.emit(
        'rankings',
        rankingsOf({
          overall: [rowOf(1, { team_name: 'Nuova Squadra' })],
          computed_at: '2025-05-04T10:45:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('Nuova Squadra')).toBeTruthy();
    act(() => source.fail());
    expect(await screen.findByText('Aggiornamento ogni 5 s')).toBeTruthy();
  });

  it("says 'Classifica congelata' while the standings are frozen, and drops it on 'Rivela'", async () => {
    openBigScreen(
      '/acme/classifica?route=centro',
      rankingsOf({ route: CENTRO, overall: [rowOf(1)], frozen_at: '2025-05-04T10:00:00.000Z' }),
    );
    expect(await screen.findByText('Classifica congelata')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() =>
      source.emit(
        'rankings',
        rankingsOf({ route: CENTRO, overall: [rowOf(1)], computed_at: '2025-05-04T10:45:00.000Z' }),
      ),
    );
    await waitFor(() => expect(screen.queryByText('Classifica congelata')).toBeNull());
  });
});
