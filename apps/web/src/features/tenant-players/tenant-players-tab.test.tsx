import type { TenantPlayer, TenantPlayersPage } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TENANT } from '../../test/kits/player';
import { renderInRouter, renderWithProviders } from '../../test/render-in-router';
import { TenantPlayersTab } from './tenant-players-tab';

const player = (n: number, overrides: Partial<TenantPlayer> = {}): TenantPlayer => ({
  id: `p${n}`,
  team_name: `Squadra ${n}`,
  email: `team${n}@example.org`,
  route_title: 'Giro del Lago',
  registered_at: '2026-11-20T09:30:00.000Z',
  game_started: false,
  ...overrides,
});

/** The tenant's zone in these tests: neither the runner's (UTC in the web tests) nor the default. */
const TIMEZONE = 'America/New_York';

/** The address a fetch was called with. */
const hrefOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Stubs `fetch`: the list answers `answer(q, cursor)`, the CSV a small file. */
function stubPlayersApi(answer: (q: string, cursor: string | null) => TenantPlayersPage) {
  const mock = vi.fn<typeof fetch>((input) => {
    const url = new URL(hrefOf(input), 'http://tappa.test');
    if (url.pathname === '/api/public/tenants/demo') {
      return Promise.resolve(Response.json({ ...TENANT, slug: 'demo', time_zone: TIMEZONE }));
    }
    if (url.pathname === '/api/tenants/demo/players.csv') {
      return Promise.resolve(new Response('\uFEFFTeam Name\n', { status: 200 }));
    }
    const q = url.searchParams.get('q') ?? '';
    return Promise.resolve(Response.json(answer(q, url.searchParams.get('cursor'))));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const urls = (mock: ReturnType<typeof stubPlayersApi>) =>
  mock.mock.calls.map(([input]) => hrefOf(input));

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('TenantPlayersTab', () => {
  it("shows the times on the tenant's clock, its zone named, whatever the browser's", async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe(TIMEZONE);
    stubPlayersApi(() => ({ players: [player(1)], next_cursor: null }));
    renderInRouter(
      [{ path: '/:tenantSlug/settings', element: <TenantPlayersTab tenantSlug="demo" /> }],
      '/demo/settings',
    );
    // 09:30 UTC on 20 November is 04:30 in New York (EST, UTC−5).
    const shown = '20/11/2026, 04:30 (ora di New York)';
    expect(
      await screen.findByText((_, el) => el?.tagName === 'TIME' && el.textContent === shown),
    ).toBeTruthy();
  });

  it('lists the teams with their status and loads the next page on Load more', async () => {
    const mock = stubPlayersApi((_q, cursor) =>
      cursor === null
        ? {
            players: [player(2, { game_started: true }), player(1, { route_title: null })],
            next_cursor: 'p1',
          }
        : { players: [player(0)], next_cursor: null },
    );
    renderWithProviders(<TenantPlayersTab tenantSlug="demo" />);
    expect(await screen.findByText('Squadra 2')).toBeTruthy();
    expect(rows()[0]).toEqual([
      'Squadra 2',
      'team2@example.org',
      'Giro del Lago',
      // No tenant in the address: the default clock (Rome), named to a browser on UTC.
      '20/11/2026, 10:30 (ora di Roma)',
      'Started',
    ]);
    expect(rows()[1]?.[2]).toBe('—');
    expect(rows()[1]?.[4]).toBe('Registered');

    fireEvent.click(screen.getByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByText('Squadra 0')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Carica altri' })).toBeNull();
    expect(urls(mock)).toContain('/api/tenants/demo/players?cursor=p1');
  });

  it('says when the tenant has no teams yet', async () => {
    stubPlayersApi(() => ({ players: [], next_cursor: null }));
    renderWithProviders(<TenantPlayersTab tenantSlug="demo" />);
    expect(await screen.findByText('No registered players yet')).toBeTruthy();
  });

  it('sends the search to the server once typing pauses and says when nothing matches', async () => {
    const mock = stubPlayersApi((q) =>
      q === '' ? { players: [player(1)], next_cursor: null } : { players: [], next_cursor: null },
    );
    renderWithProviders(<TenantPlayersTab tenantSlug="demo" />);
    await screen.findByText('Squadra 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca giocatori' }), {
      target: { value: '  50% lupi ' },
    });
    expect(await screen.findByText('No players found matching your search')).toBeTruthy();
    expect(urls(mock)).toContain('/api/tenants/demo/players?q=50%25+lupi');
  });

  it('downloads the CSV of the current search from the server', async () => {
    const mock = stubPlayersApi(() => ({ players: [player(1)], next_cursor: null }));
    const createObjectURL = vi.fn(() => 'blob:players');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    renderWithProviders(<TenantPlayersTab tenantSlug="demo" />);
    await screen.findByText('Squadra 1');
    fireEvent.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    expect(urls(mock)).toContain('/api/tenants/demo/players.csv');
  });
});
