import type { LiveConsole as LiveConsoleData, LiveConsoleChange, LiveFix } from '@tappa/contracts';
import {
  act,
  type BoundFunctions,
  fireEvent,
  type queries,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleOf, LAGO, LIVE_NOW, minutesBefore, teamOf } from '../../test/kits/live';
import { TENANT } from '../../test/kits/player';
import {
  calledUrls,
  FakeEventSource,
  stubEventSource,
  stubFetchByUrl,
} from '../../test/kits/scoreboards';
import { renderInRouter } from '../../test/render-in-router';
import { sampleRoute, sampleStep } from '../../test/samples';
import { ConsoleHarness } from './console-harness';

// Leaflet does not render in jsdom: a stand-in shows the pins, markers and trails the map draws.
vi.mock('./live-map', async () => ({ LiveMap: (await import('./live-map-stub')).LiveMapStub }));

const LIVE = '/api/tenants/acme/live';
const STEPS = `/api/tenants/acme/routes/${LAGO.id}/steps`;

/** A fix at (lat, lng) taken `minutes` before LIVE_NOW. */
const fixAt = (lat: number, lng: number, minutes: number): LiveFix => ({
  lat,
  lng,
  accuracy_m: 10,
  at: minutesBefore(minutes),
});

/** Four teams of LAGO: two sharing (one a minute ago, one three), one stuck, one declining. */
const FOUR = consoleOf({
  teams: [
    teamOf({ location_sharing: 'shared', fix: fixAt(45.46, 9.19, 1) }),
    teamOf({
      game_id: 'g2',
      team_name: 'Le Volpi',
      current_step_index: 2,
      current_place: 'Torre',
      location_sharing: 'shared',
      fix: fixAt(45.47, 9.18, 3),
    }),
    teamOf({
      game_id: 'g3',
      team_name: 'Gli Orsi',
      current_step_index: 1,
      last_progress_at: minutesBefore(20),
      location_sharing: 'shared',
      fix: fixAt(45.465, 9.185, 0),
    }),
    teamOf({ game_id: 'g4', team_name: 'Le Api', location_sharing: 'declined' }),
  ],
  activity: [],
});

type Answer = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** The console of acme (of LAGO when `routeId` is given); `answer` may answer any call first. */
function openConsole(
  routeId: string | null,
  live: LiveConsoleData = FOUR,
  answer: Answer = () => undefined,
) {
  const api = stubFetchByUrl((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (url.pathname === '/api/tenants/acme/routes') {
      return Response.json({
        routes: [
          sampleRoute({ id: LAGO.id, slug: 'lago', title: LAGO.title, location_sharing: true }),
        ],
      });
    }
    if (url.pathname === STEPS) {
      return Response.json({
        steps: [
          sampleStep({ id: 's1', place: 'Fontana', lat: 45.45, lng: 9.2 }),
          sampleStep({ id: 's2', place: 'Ponte', lat: 45.46, lng: 9.19 }),
          sampleStep({ id: 's3', place: 'Torre', lat: 45.47, lng: 9.18 }),
        ],
      });
    }
    if (url.pathname === LIVE) return Response.json(live);
    return undefined;
  });
  renderInRouter(
    [
      {
        path: '/:tenantSlug/live',
        element: <ConsoleHarness routeId={routeId} />,
      },
    ],
    '/acme/live',
  );
  return api;
}

/** Opens 'Mappa' once the console has loaded; the map's list of teams on it. */
async function openMap() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Mappa' }));
  await screen.findByTestId('map');
  return within(screen.getByRole('region', { name: /^Sulla mappa/ }));
}

/** The entries of one of the map's lists, as their text reads. */
const entries = (list: BoundFunctions<typeof queries>) =>
  list.getAllByRole('listitem').map((item) => item.textContent);

/** What the stand-in map shows of each marker. */
const markers = () =>
  within(screen.getByTestId('markers'))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

beforeEach(() => {
  stubEventSource();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(LIVE_NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LiveConsole's 'Mappa'", () => {
  it('keeps the table the default, and switches with the tabs and the arrow keys', async () => {
    openConsole(null);
    const tabs = await screen.findByRole('tablist', { name: 'Viste delle squadre' });
    const [teams, map] = within(tabs).getAllByRole('tab');
    expect(teams?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Squadre' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Squadre' })).toBeTruthy();

    fireEvent.keyDown(teams!, { key: 'ArrowRight' });
    expect(map?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(map);
    expect(await screen.findByRole('region', { name: 'Mappa delle squadre' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Mappa' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Squadre' })).toBeNull();

    fireEvent.keyDown(map!, { key: 'ArrowLeft' });
    expect(await screen.findByRole('table', { name: 'Squadre' })).toBeTruthy();
    expect(screen.queryByTestId('map')).toBeNull();
  });

  it("lists every team on the map with its step and its position's age, faded past 2 minutes, stuck ones first", async () => {
    openConsole(null);
    const list = await openMap();
    expect(entries(list)).toEqual([
      'Gli OrsiIn giocoBloccataTappa 2 · Ponte · Posizione: adessoPercorsoAzioni per Gli Orsi',
      'I GufiIn giocoTappa 2 · Ponte · Posizione: 1 min faPercorsoAzioni per I Gufi',
      'Le VolpiIn giocoTappa 3 · Torre · Posizione: 3 min faPosizione vecchiaPercorsoAzioni per Le Volpi',
    ]);
    expect(markers()).toEqual([
      'Gli Orsi@45.465,9.185 adesso stuck',
      'I Gufi@45.46,9.19 1 min fa',
      'Le Volpi@45.47,9.18 3 min fa faded',
    ]);
    expect(screen.getByTestId('marker-titles').textContent).toBe(
      'Gli Orsi · Tappa 2 · Ponte · adesso · Bloccata|' +
        'I Gufi · Tappa 2 · Ponte · 1 min fa|' +
        'Le Volpi · Tappa 3 · Torre · 3 min fa · Posizione vecchia',
    );
    // The teams it cannot show, and why.
    const without = within(screen.getByRole('region', { name: /^Senza posizione/ }));
    expect(without.getByText('Non condivide (1)')).toBeTruthy();
    expect(without.getByText('Le Api')).toBeTruthy();
  });

  it('follows the clock between pushes: the age ticks and a fix fades once older than 2 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(LIVE_NOW);
    const api = openConsole(null);
    await openMap();
    act(() => FakeEventSource.latest().open());
    expect(markers()[1]).toBe('I Gufi@45.46,9.19 1 min fa');
    vi.setSystemTime(Date.parse(LIVE_NOW) + 75_000);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(markers()[1]).toBe('I Gufi@45.46,9.19 2 min fa faded');
    expect(calledUrls(api).filter((url) => url === LIVE)).toHaveLength(1);
  });

  it('moves a marker when a push moves its team, without reading anything', async () => {
    const api = openConsole(null);
    await openMap();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() => source.emit('console', FOUR, 'p-1'));
    const reads = calledUrls(api).length;
    const change: LiveConsoleChange = {
      base: 'p-1',
      teams: [teamOf({ location_sharing: 'shared', fix: fixAt(45.5, 9.25, 0) })],
      removed: [],
      activity: [],
      routes: FOUR.routes,
      computed_at: minutesBefore(-1),
    };
    act(() => source.emit('console-change', change, 'p-2'));
    await waitFor(() => expect(markers()[1]).toBe('I Gufi@45.5,9.25 adesso'));
    expect(calledUrls(api)).toHaveLength(reads);
  });

  it("counts the teams on each of the chosen route's steps", async () => {
    openConsole(LAGO.id);
    await openMap();
    // Le Api heads to step 2 too: it counts there, with or without a position.
    expect(screen.getByTestId('pins').textContent).toBe('1:0,2:3,3:1');
    expect(screen.getByTestId('pin-titles').textContent).toBe(
      '1. Fontana · 0 squadre|2. Ponte · 3 squadre|3. Torre · 1 squadra',
    );
    const steps = within(screen.getByRole('region', { name: 'Tappe' }));
    expect(entries(steps)).toEqual([
      '1. Fontana0 squadre',
      '2. Ponte3 squadre',
      '3. Torre1 squadra',
    ]);
    expect(screen.queryByText('Scegli una route per vederne le tappe sulla mappa.')).toBeNull();
  });

  it('shows every team without step pins when no route is chosen, and asks for one', async () => {
    const api = openConsole(null);
    await openMap();
    expect(screen.getByText('Scegli una route per vederne le tappe sulla mappa.')).toBeTruthy();
    expect(screen.getByTestId('pins').textContent).toBe('');
    expect(markers()).toHaveLength(3);
    expect(calledUrls(api).some((url) => url.endsWith('/steps'))).toBe(false);
  });

  it("reads a team's trail only when 'Percorso' is asked, and draws it up to its pushed position", async () => {
    const api = openConsole(null, FOUR, (url) =>
      url.pathname === `${LIVE}/games/g1/trail`
        ? Response.json({ game_id: 'g1', fixes: [fixAt(45.45, 9.2, 30), fixAt(45.455, 9.195, 10)] })
        : undefined,
    );
    const list = await openMap();
    const trailUrl = `${LIVE}/games/g1/trail`;
    expect(calledUrls(api)).not.toContain(trailUrl);
    const toggle = list.getByRole('button', { name: 'Percorso di I Gufi' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('trails').textContent).toBe('g1:45.45,9.2 45.455,9.195 45.46,9.19'),
    );
    expect(calledUrls(api).filter((url) => url === trailUrl)).toHaveLength(1);
    fireEvent.click(toggle);
    expect(screen.getByTestId('trails').textContent).toBe('');
  });

  it("selects a team from its marker as its row does: its entry, then its actions' dialogs", async () => {
    openConsole(null);
    const list = await openMap();
    fireEvent.click(screen.getByRole('button', { name: 'marker I Gufi' }));
    const entry = list.getByRole('button', { name: 'I Gufi' }).closest('li');
    expect(entry?.getAttribute('aria-current')).toBe('true');
    expect(markers()[1]).toBe('I Gufi@45.46,9.19 1 min fa selected');
    const actions = list.getByRole('button', { name: 'Azioni per I Gufi' });
    expect(document.activeElement).toBe(actions);
    fireEvent.click(actions);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Punti' }));
    expect(await screen.findByRole('dialog', { name: 'Punti a I Gufi' })).toBeTruthy();
  });

  it("brings a team chosen in the list into the map's view", async () => {
    openConsole(null);
    const list = await openMap();
    fireEvent.click(list.getByRole('button', { name: 'Le Volpi' }));
    expect(screen.getByTestId('view').textContent).toBe('show 45.47,9.18');
    expect(markers()[2]).toBe('Le Volpi@45.47,9.18 3 min fa faded selected');
  });
});
