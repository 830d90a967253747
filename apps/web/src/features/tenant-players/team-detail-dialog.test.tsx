import type { TenantPlayer, TenantTeamDetail } from '@tappa/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import {
  callKeys,
  errorResponse,
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../test/stub-api';
import { eventOf } from '../../test/kits/live';
import { TenantPlayersTab } from './tenant-players-tab';
import { dialogs } from '../../lib/dialogs';
import { stubDownloads } from '../../test/stub-browser';

const TEAM_URL = '/api/tenants/acme/players/t1';
const PLAYER: TenantPlayer = {
  id: 't1',
  team_name: 'I Gufi',
  email: 'gufi@example.org',
  route_title: 'Giro del Lago',
  registered_at: '2026-11-20T09:30:00.000Z',
  game_started: true,
};
const DETAIL: TenantTeamDetail = {
  id: 't1',
  team_name: 'I Gufi',
  email: 'gufi@example.org',
  avatar_url: '/files/team-avatars/acme/a.png',
  route_title: 'Giro del Lago',
  registered_at: '2026-11-20T09:30:00.000Z',
  messages: [
    {
      id: 'm1',
      seq: 3,
      kind: 'thread',
      author: 'team',
      body: 'Siamo alla <b>fontana</b>',
      read_confirmation: false,
      sent_at: '2026-11-20T10:30:00.000Z',
      read_at: '2026-11-20T10:30:00.000Z',
    },
  ],
  games: [
    {
      id: 'g1',
      route_title: 'Giro del Lago',
      status: 'completed',
      started_at: '2026-11-20T10:00:00.000Z',
      finished_at: '2026-11-20T11:15:00.000Z',
      total_score: 25,
      steps: [
        {
          id: 's1',
          place: 'Fontana',
          status: 'ok',
          attempts: 2,
          points: 15,
          elapsed_ms: 65_000,
          photo_url: null,
        },
        {
          id: 's2',
          place: 'Ponte',
          status: 'ok',
          attempts: 1,
          points: 10,
          elapsed_ms: 3_725_000,
          photo_url: '/api/play/acme/photos/s2?v=1',
        },
        {
          id: 's3',
          place: 'Torre',
          status: 'skipped',
          attempts: 3,
          points: 0,
          elapsed_ms: null,
          photo_url: null,
        },
      ],
      hints: [],
    },
  ],
};

/** The ledger of game g1: its two right tries and a staff adjustment. */
const LEDGER = {
  game_id: 'g1',
  total_score: 25,
  entries: [
    eventOf({ id: 1, points: 15 }),
    eventOf({ id: 2, points: 10, step: { id: 's2', number: 2, place: 'Ponte' } }),
    eventOf({
      id: 3,
      kind: 'adjustment',
      points: -5,
      step: null,
      reason: 'Scorciatoia in bici',
      actor_email: 'staff@acme.test',
    }),
  ],
};

/** Renders the tab for a caller of `role`; the list holds the team until it is erased. */
function renderTab(role: 'tenant_admin' | 'game_manager', handlers = {}) {
  let erased = false;
  const mock = stubApi({
    ...sessionHandler(sessionOf(role, [sessionTenant('acme', role)])),
    'GET /api/tenants/acme/players': () =>
      jsonResponse(200, { players: erased ? [] : [PLAYER], next_cursor: null }),
    [`GET ${TEAM_URL}`]: () => jsonResponse(200, DETAIL),
    'GET /api/tenants/acme/live/games/g1/ledger': () => jsonResponse(200, LEDGER),
    [`DELETE ${TEAM_URL}`]: () => {
      erased = true;
      return jsonResponse(200, { games: 1, photos: 1, files: 2 });
    },
    ...handlers,
  });
  renderWithProviders(<TenantPlayersTab tenantSlug="acme" />);
  return mock;
}

async function openTeam() {
  fireEvent.click(await screen.findByRole('button', { name: 'Apri I Gufi' }));
  const dialog = await screen.findByRole('dialog', { name: 'Squadra: I Gufi' });
  await within(dialog).findByText('gufi@example.org');
  return dialog;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TeamDetailDialog', () => {
  it("shows the team, its games, every step's tries, result, points, time and photo", async () => {
    renderTab('game_manager');
    const dialog = await openTeam();
    expect(within(dialog).getByText('Giro del Lago', { selector: 'dd' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Foto della squadra' })).toBeTruthy();
    const game = within(dialog).getByRole('region', { name: 'Giro del Lago' });
    expect(within(game).getByText('Completata')).toBeTruthy();
    expect(
      within(game).getByText(/Iniziata il 20\/11\/2026, \d{2}:00 \(ora di Roma\) · finita il/),
    ).toBeTruthy();
    expect(within(game).getByText(/Punteggio: 25/)).toBeTruthy();
    const [steps] = within(game).getAllByRole('table');
    const rows = within(steps!)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Fontana', '2', 'Corretto', '15', '1:05', '—'],
      ['Ponte', '1', 'Corretto', '10', '1:02:05', ''],
      ['Torre', '3', 'Saltato', '0', '—', '—'],
    ]);
    const photo = within(game).getByRole('img', { name: 'Foto di Ponte' });
    expect(photo.getAttribute('src')).toBe('/api/play/acme/photos/s2?v=1');
    // Its messages with the staff, their text as text (decision 0084).
    expect(within(dialog).getByRole('heading', { name: 'Messaggi' })).toBeTruthy();
    expect(within(dialog).getByText('Siamo alla <b>fontana</b>')).toBeTruthy();
    expect(dialog.querySelector('.team-detail__messages b')).toBeNull();
    // A game manager reads the team but may not erase it.
    expect(
      within(dialog).queryByRole('button', { name: 'Cancella i dati della squadra' }),
    ).toBeNull();
    expect(
      within(dialog).getByText(
        'Solo gli admin del tenant possono cancellare i dati di una squadra.',
      ),
    ).toBeTruthy();
  });

  it("lists each game's ledger entries with their kind, points, reason and who", async () => {
    renderTab('game_manager');
    const dialog = await openTeam();
    const game = within(dialog).getByRole('region', { name: 'Giro del Lago' });
    expect(within(game).getByText('Registro dei punti')).toBeTruthy();
    await waitFor(() => expect(within(game).getAllByRole('table')).toHaveLength(2));
    const ledger = within(game).getAllByRole('table')[1];
    const rows = within(ledger!)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1. Fontana', 'Risposta giusta · +15 punti', '+15', '—', '—'],
      ['2. Ponte', 'Risposta giusta · +10 punti', '+10', '—', '—'],
      ['—', 'Punti dallo staff · −5 punti', '−5', 'Scorciatoia in bici', 'staff@acme.test'],
    ]);
  });

  it('lists the hints a game took: step, number, signed cost, a free one given by staff, time', async () => {
    const game = DETAIL.games[0]!;
    const hints = [
      {
        step_id: 's1',
        place: 'Fontana',
        hint_index: 0,
        cost: 3,
        taken_at: '2026-11-20T10:05:00.000Z',
        given_by_staff: false,
      },
      {
        step_id: 's2',
        place: 'Ponte',
        hint_index: 1,
        cost: 0,
        taken_at: '2026-11-20T10:40:00.000Z',
        given_by_staff: true,
      },
    ];
    renderTab('game_manager', {
      [`GET ${TEAM_URL}`]: () => jsonResponse(200, { ...DETAIL, games: [{ ...game, hints }] }),
    });
    const dialog = await openTeam();
    const region = within(dialog).getByRole('region', { name: 'Giro del Lago' });
    expect(within(region).getByText('Suggerimenti presi')).toBeTruthy();
    // After the steps, before the ledger.
    const table = within(region).getAllByRole('table')[1];
    const rows = within(table!)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Fontana', 'Suggerimento 2', '−3', expect.stringMatching(/^20\/11\/2026, \d{2}:05/)],
      [
        'Ponte',
        'Suggerimento 3',
        '0 · dato gratis dallo staff',
        expect.stringMatching(/^20\/11\/2026, \d{2}:40/),
      ],
    ]);
  });

  it('shows no hints section for a game that took none', async () => {
    renderTab('game_manager');
    const dialog = await openTeam();
    await waitFor(() => expect(within(dialog).getAllByRole('table')).toHaveLength(2));
    expect(within(dialog).queryByText('Suggerimenti presi')).toBeNull();
  });

  it('erases the team after a confirmation, closes, and reads the list again', async () => {
    const mock = renderTab('tenant_admin');
    const dialog = await openTeam();
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    const button = within(dialog).getByRole('button', { name: 'Cancella i dati della squadra' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('I Gufi (gufi@example.org)'));
    // The organiser keeps the team's payments, without its name or e-mail (decision 0057).
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining(
        "I suoi pagamenti restano per la contabilità dell'organizzatore, anonimi (senza nome né e-mail).",
      ),
    );
    expect(callKeys(mock)).not.toContain(`DELETE ${TEAM_URL}`);

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(button);
    expect(await screen.findByText('I dati della squadra sono stati cancellati')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callKeys(mock).filter((key) => key === `DELETE ${TEAM_URL}`)).toHaveLength(1);
    expect(await screen.findByText('No registered players yet')).toBeTruthy();
  });

  it('says why an erasure failed and keeps the dialog open', async () => {
    renderTab('tenant_admin', { [`DELETE ${TEAM_URL}`]: () => errorResponse('team_not_found') });
    const dialog = await openTeam();
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancella i dati della squadra' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Squadra non trovata: i suoi dati potrebbero essere già stati cancellati',
    );
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Cancella i dati della squadra' }),
      ).toHaveProperty('disabled', false),
    );
  });

  it("downloads a tenant admin's export of the team as JSON (decision 0086)", async () => {
    const downloads = stubDownloads();
    const exported = { ...DETAIL, exported_at: '2026-11-21T08:00:00.000Z', fixes: [] };
    const mock = renderTab('tenant_admin', {
      [`GET ${TEAM_URL}/export`]: () =>
        new Response(JSON.stringify(exported), {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="I Gufi.json"',
          },
        }),
    });
    const dialog = await openTeam();
    expect(
      within(dialog).getByText(
        'Su richiesta della squadra: registrazione, partite, tentativi, messaggi e posizioni in un file JSON.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Esporta dati (JSON)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('I Gufi.json');
    expect(JSON.parse(await downloads[0]!.blob.text())).toEqual(exported);
    expect(callKeys(mock).filter((key) => key === `GET ${TEAM_URL}/export`)).toHaveLength(1);
  });

  it('says why an export failed, and offers none to a game manager', async () => {
    renderTab('tenant_admin', {
      [`GET ${TEAM_URL}/export`]: () => errorResponse('team_not_found'),
    });
    const dialog = await openTeam();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Esporta dati (JSON)' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Squadra non trovata: i suoi dati potrebbero essere già stati cancellati',
    );
    cleanup();
    renderTab('game_manager');
    const readOnly = await openTeam();
    expect(within(readOnly).queryByRole('button', { name: 'Esporta dati (JSON)' })).toBeNull();
  });
});
