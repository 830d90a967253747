import type { LiveConsole, LiveConsoleChange } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs, toasts } from '../../../lib/dialogs';
import {
  consoleOf,
  eventOf,
  LAGO,
  LIVE_NOW,
  minutesBefore,
  routeStateOf,
  teamOf,
} from '../../../test/kits/live';
import { TENANT } from '../../../test/kits/player';
import {
  calledUrls,
  FakeEventSource,
  rowTexts,
  stubEventSource,
  stubFetchByUrl,
} from '../../../test/kits/scoreboards';
import { renderInRouter, type TestRouter } from '../../../test/render-in-router';
import { stubDownloads } from '../../../test/stub-browser';
import { sampleRoute } from '../../../test/samples';
import { errorResponse, jsonBody, pathOf } from '../../../test/stub-api';
import { LiveConsolePage } from './live-console-page';

// Leaflet does not render in jsdom: a stand-in shows what the map draws.
vi.mock('../../../features/live-console/live-map', async () => ({
  LiveMap: (await import('../../../features/live-console/live-map-stub')).LiveMapStub,
}));

const LIVE = '/api/tenants/acme/live';

/** Three teams: one playing, one silent for 3 minutes with no step for 20, one finished. */
const THREE = consoleOf({
  teams: [
    teamOf(),
    teamOf({
      game_id: 'g2',
      team_name: 'Le Volpi',
      current_step_index: 3,
      current_place: 'Torre',
      score: 40,
      tries_on_step: 0,
      started_at: minutesBefore(61),
      last_active_at: minutesBefore(3),
      last_progress_at: minutesBefore(20),
    }),
    teamOf({
      game_id: 'g3',
      team_name: 'Gli Orsi',
      current_step_index: 5,
      current_place: null,
      score: 25,
      tries_on_step: 0,
      started_at: minutesBefore(115),
      finished_at: minutesBefore(90),
      last_active_at: minutesBefore(90),
      statuses: ['finished'],
    }),
  ],
  activity: [
    eventOf({
      id: 7,
      game_id: 'g2',
      team_name: 'Le Volpi',
      kind: 'adjustment',
      points: 5,
      step: null,
      reason: 'Foto più bella',
      actor_email: 'staff@acme.test',
    }),
    eventOf({ id: 6, kind: 'wrong_try', points: 0, details: { code: 'wrong_answer' } }),
    eventOf({
      id: 5,
      game_id: 'g2',
      team_name: 'Le Volpi',
      kind: 'help',
      points: 0,
      reason: 'Batteria scarica',
      details: { action: 'extend_time', minutes: 10 },
      actor_email: 'staff@acme.test',
    }),
  ],
});

type Answer = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** The router of the console opened last. */
let router: TestRouter;

/** Opens the console of acme at `url`; `answer` may answer any call before the defaults. */
function openConsole(
  url = '/acme/live',
  live: LiveConsole = THREE,
  answer: Answer = () => undefined,
) {
  const api = stubFetchByUrl((request, init) => {
    const own = answer(request, init);
    if (own) return own;
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === '/api/tenants/acme/routes') {
      return Response.json({
        routes: [sampleRoute({ id: LAGO.id, slug: 'lago', title: LAGO.title })],
      });
    }
    if (request.pathname === LIVE) return Response.json(live);
    return undefined;
  });
  router = renderInRouter([{ path: '/:tenantSlug/live', element: <LiveConsolePage /> }], url);
  return api;
}

/** The teams table. */
const teamsTable = () => screen.findByRole('table', { name: 'Squadre' });

/** The JSON bodies sent to `path` by `method`. */
function bodiesTo(api: ReturnType<typeof stubFetchByUrl>, method: string, path: string) {
  return api.mock.calls
    .filter(([input, init]) => pathOf(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => jsonBody(init) as Record<string, unknown>);
}

let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toasts, 'success').mockImplementation(() => undefined);
  stubEventSource();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(LIVE_NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LiveConsolePage', () => {
  it("keeps 'Mappa' in its address, in place, with the route filter", async () => {
    openConsole(`/acme/live?route=${LAGO.id}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Mappa' }));
    expect(await screen.findByRole('region', { name: 'Mappa delle squadre' })).toBeTruthy();
    // A reload opens the map again; the back button leaves the console, not a tab.
    expect(router.state.location.search).toBe(`?route=${LAGO.id}&view=map`);
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.click(screen.getByRole('tab', { name: 'Squadre' }));
    expect(await teamsTable()).toBeTruthy();
    expect(router.state.location.search).toBe(`?route=${LAGO.id}`);
  });

  it('opens on the map from its address, and keeps the view when the route filter changes', async () => {
    openConsole('/acme/live?view=map');
    expect(await screen.findByRole('region', { name: 'Mappa delle squadre' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mappa' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('table', { name: 'Squadre' })).toBeNull();

    // The filter offers LAGO once the routes are read.
    await screen.findByRole('option', { name: LAGO.title });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filtra per route' }), {
      target: { value: LAGO.id },
    });
    expect(router.state.location.search).toBe(`?route=${LAGO.id}&view=map`);
    // The route's console is read again, and shows on the map.
    expect(await screen.findByRole('region', { name: 'Mappa delle squadre' })).toBeTruthy();
  });

  it('lists every team with step, score, tries, time, age and the badges the clock gives', async () => {
    openConsole();
    const table = await teamsTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Squadra',
      'Tappa',
      'Punti',
      'Tentativi',
      'Tempo',
      'Ultima attività',
      'Stato',
      'Azioni',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ]);
    // Sorted by status: the stuck and silent team first, the finished one last.
    expect(rows).toEqual([
      ['Le Volpi', '4/5 Torre', '40', '0', '1:01:00', '3 min fa', 'In giocoSilenteBloccata'],
      ['I Gufi', '2/5 Ponte', '10', '2', '25:00', '1 min fa', 'In gioco'],
      ['Gli Orsi', '5/5', '25', '0', '25:00', '1 h fa', 'Finito'],
    ]);
    expect(screen.getByRole('heading', { name: 'Live' })).toBeTruthy();
  });

  it('sorts on any column with aria-sort and searches by team', async () => {
    openConsole();
    const table = await teamsTable();
    const score = within(table).getByRole('button', { name: 'Punti' });
    fireEvent.click(score);
    expect(score.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(rowTexts(table).map((row) => row[1])).toEqual(['10', '25', '40']);
    fireEvent.click(score);
    expect(score.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(rowTexts(table).map((row) => row[1])).toEqual(['40', '25', '10']);
    const status = within(table).getByRole('button', { name: 'Stato' });
    expect(status.closest('th')?.getAttribute('aria-sort')).toBe('none');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca squadra' }), {
      target: { value: 'volp' },
    });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Le Volpi']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca squadra' }), {
      target: { value: 'nessuno' },
    });
    expect(await screen.findByText('Nessuna squadra corrisponde alla ricerca')).toBeTruthy();
  });

  it("shows the first 100 teams, the teams that need attention first, and more with 'Mostra altre'", async () => {
    const many = Array.from({ length: 150 }, (_, n) =>
      teamOf({ game_id: `m${n}`, team_name: `Squadra ${String(n).padStart(3, '0')}` }),
    );
    const stuck = teamOf({
      game_id: 'stuck',
      team_name: 'Zeta',
      last_progress_at: minutesBefore(20),
    });
    openConsole('/acme/live', consoleOf({ teams: [...many, stuck], activity: [] }));
    const table = await teamsTable();
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toHaveLength(100);
    expect(names()[0]).toBe('Zeta');
    expect(screen.getByText('Mostrate 100 di 151 squadre')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altre' }));
    expect(names()).toHaveLength(151);
    expect(screen.queryByRole('button', { name: 'Mostra altre' })).toBeNull();
    // A search reaches every team, shown or not.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca squadra' }), {
      target: { value: 'squadra 149' },
    });
    expect(names()).toEqual(['Squadra 149']);
  });

  it('follows the push stream, and the badges follow the clock between pushes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(LIVE_NOW);
    const api = openConsole();
    await teamsTable();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${LIVE}/stream`);
    act(() => source.open());
    expect(await screen.findByText('In diretta')).toBeTruthy();
    act(() =>
      source.emit(
        'console',
        consoleOf({
          teams: [teamOf({ score: 99 })],
          activity: [],
          computed_at: minutesBefore(-1),
        }),
      ),
    );
    const table = await teamsTable();
    await waitFor(() => expect(rowTexts(table)[0]?.[1]).toBe('99'));
    expect(rowTexts(table)[0]?.[5]).toBe('In gioco');
    // Two more minutes of silence: 'Silente' and the new age without a push or a read.
    vi.setSystemTime(Date.parse(LIVE_NOW) + 2 * 60_000);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(rowTexts(table)[0]?.slice(4, 6)).toEqual(['3 min fa', 'In giocoSilente']);
    expect(calledUrls(api).filter((url) => url === LIVE)).toHaveLength(1);
  });

  it('applies what changed to the console its stream holds, and starts afresh from a change that is not for it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(LIVE_NOW);
    openConsole();
    const table = await teamsTable();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() => source.emit('console', THREE, 'p-1'));
    const change: LiveConsoleChange = {
      base: 'p-1',
      teams: [teamOf({ score: 55 }), teamOf({ game_id: 'g4', team_name: 'Le Api' })],
      removed: ['g3'],
      activity: [],
      routes: THREE.routes,
      computed_at: minutesBefore(-1),
    };
    act(() => source.emit('console-change', change, 'p-2'));
    const namesAndScores = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((header, i) => [header.textContent, rowTexts(table)[i]?.[1]]);
    await waitFor(() =>
      expect(namesAndScores()).toEqual([
        ['Le Volpi', '40'],
        ['I Gufi', '55'],
        ['Le Api', '10'],
      ]),
    );
    // A change for another event than the one held: a new stream, for a whole console.
    act(() => source.emit('console-change', { ...change, base: 'p-1' }, 'p-3'));
    expect(source.readyState).toBe(source.CLOSED);
    const fresh = FakeEventSource.latest();
    expect(fresh).not.toBe(source);
    expect(fresh.url).toBe(source.url);
    expect(namesAndScores()).toHaveLength(3);
  });

  it('gives points with a reason, checking them first, and retries with the same action_id', async () => {
    let answers = 0;
    const api = openConsole('/acme/live', THREE, (request, init) => {
      if (request.pathname !== `${LIVE}/games/g1/points` || init?.method !== 'POST') return;
      answers += 1;
      if (answers === 1) return errorResponse('not_found');
      return Response.json({ event: eventOf({ kind: 'adjustment', points: 5 }), total_score: 15 });
    });
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Punti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Punti a I Gufi' });
    fireEvent.change(within(dialog).getByLabelText(/Punti \(da/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assegna' }));
    expect(
      within(dialog).getByText('Scrivi un numero intero da −1000 a 1000, diverso da 0'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Scrivi il motivo')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Punti \(da/), { target: { value: '1001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assegna' }));
    expect(bodiesTo(api, 'POST', `${LIVE}/games/g1/points`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Punti \(da/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: '  Foto più bella  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assegna' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assegna' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('+5 punti a I Gufi'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, retry] = bodiesTo(api, 'POST', `${LIVE}/games/g1/points`);
    expect(first).toMatchObject({ points: 5, reason: 'Foto più bella' });
    expect(String(first?.action_id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(retry).toEqual(first);
  });

  it('shows the reason length count near the limit', async () => {
    openConsole();
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Punti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Punti a I Gufi' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'x'.repeat(190) },
    });
    expect(within(dialog).getByText('190/200')).toBeTruthy();
  });

  it('extends the time limit with minutes and a reason, naming the team and the step', async () => {
    const api = openConsole('/acme/live', THREE, (request, init) => {
      if (request.pathname !== `${LIVE}/games/g1/help` || init?.method !== 'POST') return;
      return Response.json({ event: eventOf({ kind: 'help', points: 0 }), total_score: 10 });
    });
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Estendi il tempo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estendi il tempo: I Gufi' });
    expect(within(dialog).getByText('Estendi il tempo per I Gufi (tappa 2/5 Ponte)?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Minuti in più/), { target: { value: '601' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Pioggia' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(within(dialog).getByText('Scrivi un numero di minuti da 1 a 600')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Minuti in più/), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Estendi il tempo: fatto per I Gufi'));
    const bodies = bodiesTo(api, 'POST', `${LIVE}/games/g1/help`);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      action: 'extend_time',
      step_id: null,
      minutes: 15,
      reason: 'Pioggia',
    });
  });

  it("skips the current step by its id, and says the server's refusal in words", async () => {
    const api = openConsole('/acme/live', THREE, (request, init) => {
      if (request.pathname === `/api/tenants/acme/routes/${LAGO.id}/steps`) {
        return Response.json({
          steps: [
            { id: 's1', place: 'Fontana' },
            { id: 's2', place: 'Ponte' },
          ],
        });
      }
      if (request.pathname === `${LIVE}/games/g1/help` && init?.method === 'POST') {
        return errorResponse('not_found');
      }
      return undefined;
    });
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Salta la tappa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salta la tappa: I Gufi' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Cantiere' } });
    expect(await within(dialog).findByText('Tappa attuale: 2. Ponte')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await within(dialog).findByText('Non trovato')).toBeTruthy();
    expect(bodiesTo(api, 'POST', `${LIVE}/games/g1/help`)[0]).toMatchObject({
      action: 'skip_step',
      step_id: 's2',
      minutes: null,
    });
  });

  it('shows the activity in words and undoes an adjustment with a reason', async () => {
    const api = openConsole('/acme/live', THREE, (request, init) => {
      if (request.pathname !== `${LIVE}/games/g2/events/7/undo` || init?.method !== 'POST') return;
      return Response.json({ event: eventOf({ kind: 'undo', points: -5 }), total_score: 35 });
    });
    const feed = await screen.findByRole('region', { name: 'Attività' });
    const items = within(feed).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Punti dallo staff · +5 punti');
    expect(items[0]?.textContent).toContain('Foto più bella');
    expect(items[0]?.textContent).toContain('da staff@acme.test');
    expect(items[1]?.textContent).toContain('Risposta sbagliata');
    expect(items[2]?.textContent).toContain('Aiuto · tempo esteso di 10 min');
    expect(within(feed).getAllByRole('button', { name: 'Annulla' })).toHaveLength(1);

    fireEvent.change(within(feed).getByLabelText('Tipo'), { target: { value: 'help' } });
    expect(within(feed).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(within(feed).getByLabelText('Tipo'), { target: { value: '' } });

    fireEvent.click(within(feed).getByRole('button', { name: 'Annulla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annulla i punti di Le Volpi' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla i punti' }));
    expect(within(dialog).getByText('Scrivi il motivo')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Motivo dell'annullamento"), {
      target: { value: 'Doppio' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla i punti' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Punti annullati'));
    const bodies = bodiesTo(api, 'POST', `${LIVE}/games/g2/events/7/undo`);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ reason: 'Doppio' });
  });

  it("pages older events with 'Carica altri'", async () => {
    const api = openConsole('/acme/live', THREE, (request) => {
      if (request.pathname !== `${LIVE}/activity`) return;
      return Response.json({
        events: [eventOf({ id: 2, kind: 'start', points: 0, step: null })],
        next_before: null,
      });
    });
    const feed = await screen.findByRole('region', { name: 'Attività' });
    fireEvent.click(within(feed).getByRole('button', { name: 'Carica altri' }));
    expect(await within(feed).findByText(/Partita iniziata/)).toBeTruthy();
    expect(calledUrls(api)).toContain(`${LIVE}/activity?before=5`);
    await waitFor(() =>
      expect(within(feed).queryByRole('button', { name: 'Carica altri' })).toBeNull(),
    );
  });

  it('freezes and reveals the chosen route after a confirmation, and downloads its ledger', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const api = openConsole(`/acme/live?route=${LAGO.id}`, THREE, (request, init) => {
      if (request.pathname === `${LIVE}/routes/${LAGO.id}/freeze` && init?.method === 'PUT') {
        return Response.json(routeStateOf({ frozen_at: LIVE_NOW }));
      }
      return undefined;
    });
    await teamsTable();
    expect(FakeEventSource.latest().url).toBe(`${LIVE}/stream?route=${LAGO.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Congela classifica' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Congelare la classifica'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Classifica congelata'));
    expect(calledUrls(api)).toContain(`${LIVE}/routes/${LAGO.id}/freeze`);
    expect(screen.getByRole('button', { name: 'Scarica registro (CSV)' })).toBeTruthy();
  });

  it("offers 'Rivela' on a frozen route", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    openConsole(
      `/acme/live?route=${LAGO.id}`,
      consoleOf({ routes: [routeStateOf({ frozen_at: minutesBefore(10) })] }),
    );
    expect(await screen.findByRole('button', { name: 'Rivela' })).toBeTruthy();
    expect(screen.getByText(/^Classifica congelata dalle/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rivela' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith('Rivelare la classifica reale di questa route?'),
    );
  });

  it('says when no team is playing', async () => {
    openConsole('/acme/live', consoleOf({ teams: [], activity: [] }));
    expect(await screen.findByText('Nessuna squadra in gioco')).toBeTruthy();
    expect(screen.getByText('Nessuna attività')).toBeTruthy();
  });

  it("downloads the chosen route's ledger as CSV", async () => {
    const downloads = stubDownloads();
    openConsole(`/acme/live?route=${LAGO.id}`, THREE, (request) =>
      request.pathname === `${LIVE}/routes/${LAGO.id}/ledger.csv`
        ? new Response('squadra;punti\r\nI Gufi;10\r\n', {
            headers: { 'content-type': 'text/csv' },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scarica registro (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('registro-lago.csv');
    expect(await downloads[0]?.blob.text()).toContain('I Gufi;10');
  });

  it("offers the chosen route's photo album only with a route chosen", async () => {
    openConsole();
    await teamsTable();
    expect(
      screen.getByText(
        "Scegli una route per congelarne la classifica e scaricarne il registro e l'album foto.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scarica album foto' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Filtra per route'), { target: { value: LAGO.id } });
    expect(await screen.findByRole('button', { name: 'Scarica album foto' })).toBeTruthy();
  });

  it("downloads the chosen route's photo album once the server says what it holds", async () => {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push(this.getAttribute('href') ?? '');
    });
    openConsole(`/acme/live?route=${LAGO.id}`, THREE, (request) =>
      request.pathname === `/api/tenants/acme/routes/${LAGO.id}/album`
        ? Response.json({ photos: 12, bytes: 3 * 1024 * 1024 })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scarica album foto' }));
    await waitFor(() =>
      expect(followed).toEqual([`/api/tenants/acme/routes/${LAGO.id}/album.zip`]),
    );
    expect(success).toHaveBeenCalledWith("Download dell'album avviato: 12 foto, 3 MB");
  });

  it('says in a toast why a route has no album to download', async () => {
    const failure = vi.spyOn(toasts, 'error').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    openConsole(`/acme/live?route=${LAGO.id}`, THREE, (request) =>
      request.pathname === `/api/tenants/acme/routes/${LAGO.id}/album`
        ? errorResponse('album_empty')
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scarica album foto' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Non ci sono foto da scaricare'));
    expect(click).not.toHaveBeenCalled();
  });

  it('reopens a skipped step chosen among those the ledger shows skipped', async () => {
    const api = openConsole('/acme/live', THREE, (request, init) => {
      if (request.pathname === `${LIVE}/games/g1/ledger`) {
        return Response.json({
          game_id: 'g1',
          total_score: 10,
          entries: [
            eventOf({ id: 1, kind: 'skip', points: 0 }),
            eventOf({
              id: 2,
              step: { id: 's3', number: 3, place: 'Torre' },
              kind: 'skip',
              points: 0,
            }),
            eventOf({
              id: 3,
              kind: 'help',
              points: 0,
              details: { action: 'reopen_step' },
            }),
          ],
        });
      }
      if (request.pathname === `${LIVE}/games/g1/help` && init?.method === 'POST') {
        return Response.json({ event: eventOf({ kind: 'help', points: 0 }), total_score: 10 });
      }
      return undefined;
    });
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Riapri una tappa saltata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riapri una tappa saltata: I Gufi' });
    const choice = await within(dialog).findByRole('combobox', { name: 'Tappa' });
    // Step 1 was skipped and reopened already: only step 3 is offered.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3. Torre']);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'Ci riprovano' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(bodiesTo(api, 'POST', `${LIVE}/games/g1/help`)).toHaveLength(1));
    expect(bodiesTo(api, 'POST', `${LIVE}/games/g1/help`)[0]).toMatchObject({
      action: 'reopen_step',
      step_id: 's3',
      minutes: null,
      reason: 'Ci riprovano',
    });
  });

  it("offers 'Dai un suggerimento gratis' in a team's menu, with its dialog (help-dialog.test.tsx)", async () => {
    openConsole();
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dai un suggerimento gratis' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Dai un suggerimento gratis: I Gufi',
    });
    expect(
      within(dialog).getByText('Dai un suggerimento gratis per I Gufi (tappa 2/5 Ponte)?'),
    ).toBeTruthy();
  });

  it('reads the console every 5 s while the stream is down, and stops once it is open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(LIVE_NOW);
    const api = openConsole();
    await teamsTable();
    const reads = () => calledUrls(api).filter((url) => url === LIVE).length;
    expect(reads()).toBe(1);
    expect(screen.getByText('Aggiornamento ogni 5 s')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(reads()).toBe(2));
    act(() => FakeEventSource.latest().open());
    expect(await screen.findByText('In diretta')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(reads()).toBe(2);
  });

  it("links to 'Messaggi' with the board's unread count, and none when nothing is unread", async () => {
    openConsole('/acme/live', THREE, (request) =>
      request.pathname === '/api/tenants/acme/messages/board'
        ? Response.json({ latest: [], unanswered: [], unread: 3 })
        : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Messaggi 3 non letti' });
    expect(link.getAttribute('href')).toBe('/acme/live/messages');
    const board = FakeEventSource.instances.find((item) =>
      item.url.endsWith('/messages/board/stream'),
    );
    act(() => board?.emit('board', { latest: [], unanswered: [], unread: 1 }));
    expect(await screen.findByRole('link', { name: 'Messaggi 1 non letto' })).toBeTruthy();
    act(() => board?.emit('board', { latest: [], unanswered: [], unread: 0 }));
    expect(await screen.findByRole('link', { name: 'Messaggi' })).toBeTruthy();
  });

  it("writes to a team from its row: 'Una squadra' on its game", async () => {
    const api = openConsole('/acme/live', THREE, (request, init) =>
      request.pathname === '/api/tenants/acme/messages' && init?.method === 'POST'
        ? Response.json({})
        : undefined,
    );
    await teamsTable();
    fireEvent.click(screen.getByRole('button', { name: 'Azioni per I Gufi' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Scrivi alla squadra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messaggio a I Gufi' });
    expect(within(dialog).getByRole('radio', { name: 'Una squadra' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByText('I Gufi')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Testo/), {
      target: { value: 'Tutto bene?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('Messaggio inviato');
    const [body] = bodiesTo(api, 'POST', '/api/tenants/acme/messages');
    expect(body).toEqual({
      action_id: body?.action_id,
      audience: 'team',
      game_id: 'g1',
      body: 'Tutto bene?',
      read_confirmation: false,
      send_at: null,
    });
  });
});
