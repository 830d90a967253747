import type { RouteAnalytics, StepAnalytics } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileText } from '../../../lib/read-file';
import { TENANT } from '../../../test/kits/player';
import { calledUrls, rowTexts, stubFetchByUrl } from '../../../test/kits/scoreboards';
import { renderInRouter } from '../../../test/render-in-router';
import { renderRoute } from '../../../test/render-route';
import { stubDownloads } from '../../../test/stub-browser';
import { sampleRoute } from '../../../test/samples';
import { errorResponse, sessionOf, sessionTenant } from '../../../test/stub-api';
import { AnalyticsPage } from './analytics-page';

const ANALYTICS = '/api/tenants/acme/analytics';
const ROUTES = [
  sampleRoute({ id: 'r1', slug: 'roma-centro', title: 'Roma Centro' }),
  sampleRoute({ id: 'r2', slug: 'lago', title: 'Giro del lago' }),
];

/** A step's figures: nobody reached it unless told. */
function stepOf(number: number, overrides: Partial<StepAnalytics> = {}): StepAnalytics {
  return {
    step_id: `s${number}`,
    number,
    place: `Tappa ${number}`,
    reached: 0,
    solved: 0,
    skipped: 0,
    on_it: 0,
    solve_rate: null,
    median_solve_ms: null,
    p90_solve_ms: null,
    mean_tries: null,
    first_try_share: null,
    hints_taken: 0,
    hint_points: 0,
    drop_off: 0,
    ...overrides,
  };
}

/** Six teams on three steps, computed at 11:05:09 in Rome. */
const FIXTURE: RouteAnalytics = {
  route: { id: 'r1', slug: 'roma-centro', title: 'Roma Centro' },
  from: null,
  to: null,
  started: 6,
  finished: 4,
  median_total_ms: 5_400_000,
  score_bands: [
    { from: 0, to: 9, games: 2 },
    { from: 10, to: 19, games: 4 },
  ],
  steps: [
    stepOf(1, {
      place: 'Fontana di Trevi',
      reached: 6,
      solved: 5,
      skipped: 1,
      solve_rate: 5 / 6,
      median_solve_ms: 245_000,
      p90_solve_ms: 3_725_000,
      mean_tries: 1.5,
      first_try_share: 0.6,
      hints_taken: 2,
      hint_points: 6,
    }),
    stepOf(2, {
      place: '=Pantheon, "il tempio"',
      reached: 3,
      on_it: 1,
      solve_rate: 0,
      drop_off: 2,
    }),
    stepOf(3, { place: 'Colosseo' }),
  ],
  computed_at: '2026-07-10T09:05:09.000Z',
};

type Answer = (url: URL) => Response | undefined;

/** Opens the analytics page of acme at `url`; `answer` may answer any call before the defaults. */
function openPage(url = '/acme/analytics?route=r1', answer: Answer = () => undefined) {
  const api = stubFetchByUrl((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === '/api/tenants/acme/routes') return Response.json({ routes: ROUTES });
    if (request.pathname === ANALYTICS) return Response.json(FIXTURE);
    return undefined;
  });
  const router = renderInRouter(
    [{ path: '/:tenantSlug/analytics', element: <AnalyticsPage /> }],
    url,
  );
  return { api, router };
}

/** The analytics reads made, as their query strings. */
const reads = (api: ReturnType<typeof stubFetchByUrl>) =>
  calledUrls(api)
    .filter((url) => url.startsWith(ANALYTICS))
    .map((url) => url.slice(ANALYTICS.length));

/** The body rows of the steps table, as cell texts. */
async function stepRows(): Promise<string[][]> {
  const heading = await screen.findByRole('heading', { name: 'Tappe' });
  return rowTexts(within(heading.closest('section')!).getByRole('table'));
}

/** The widths of a chart's bars of `kind`. */
function barWidths(kind: string): number[] {
  return [...document.querySelectorAll(`rect[data-bar="${kind}"]`)].map((bar) =>
    Number(bar.getAttribute('width')),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AnalyticsPage', () => {
  it('shows the route figures and the steps table from the read, empty values as —', async () => {
    const { api } = openPage();
    expect(await stepRows()).toEqual([
      [
        '1',
        'Fontana di Trevi',
        '6',
        '5',
        '1',
        '0',
        '83%',
        '4:05',
        '1:02:05',
        '1,5',
        '60%',
        '2 (6)',
        '0',
      ],
      ['2', '=Pantheon, "il tempio"', '3', '0', '0', '1', '0%', '—', '—', '—', '—', '0 (0)', '2'],
      ['3', 'Colosseo', '0', '0', '0', '0', '—', '—', '—', '—', '—', '0 (0)', '0'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Analisi' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Il percorso' });
    const terms = within(figures)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      'Squadre partite: 6',
      'Squadre che hanno finito: 4',
      'Tempo totale mediano: 1:30:00',
    ]);
    const bands = within(figures).getByRole('table', { name: 'Distribuzione dei punteggi' });
    expect(
      within(bands)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['da 0 a 92', 'da 10 a 194']);
    // The viewer's own zone may differ from Rome's: then the zone is named after the time.
    expect(screen.getByText(/^Aggiornato alle 11:05:09/)).toBeTruthy();
    expect(reads(api)).toEqual(['?route=r1']);
  });

  it('draws the funnel and the median times with bars that scale with the values, the table as their text', async () => {
    openPage();
    await stepRows();
    const [reached6, reached3, reached0] = barWidths('reached');
    expect(reached6).toBeGreaterThan(100);
    expect(reached3).toBeCloseTo(reached6! / 2);
    expect(reached0).toBe(0);
    const [solved5, solved0] = barWidths('solved');
    expect(solved5).toBeCloseTo((reached6! * 5) / 6);
    expect(solved0).toBe(0);
    // Only the first step has a median: the longest bar; the others none, written '—'.
    expect(barWidths('median')).toEqual([reached6, 0, 0]);

    const funnel = screen.getByRole('img', { name: 'Squadre per tappa' });
    const median = screen.getByRole('img', { name: 'Tempo mediano di soluzione per tappa' });
    const table = within(
      screen.getByRole('heading', { name: 'Tappe' }).closest('section')!,
    ).getByRole('table');
    expect(table.id).not.toBe('');
    expect(funnel.getAttribute('aria-describedby')).toBe(table.id);
    expect(median.getAttribute('aria-describedby')).toBe(table.id);
    // Values and labels are on the chart: step numbers with places, counts, times.
    expect(within(funnel).getByText('1. Fontana di Trevi')).toBeTruthy();
    expect(within(funnel).getAllByText('6')).toHaveLength(1);
    expect(within(median).getByText('4:05')).toBeTruthy();
    expect(within(median).getAllByText('—')).toHaveLength(2);
  });

  it('exports the table as CSV: raw numbers, units in the header, cells made safe', async () => {
    const downloads = stubDownloads();
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Esporta CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['analytics-roma-centro.csv']);
    // The BOM (lib/csv.test.ts) may be taken by the reader's decoding.
    const text = (await readFileText(downloads[0]!.blob)).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Numero,Tappa,Arrivate,Risolte,Saltate,In corso ora,Tasso di soluzione (0-1),' +
        'Tempo mediano (ms),Tempo 90° percentile (ms),Tentativi medi,' +
        'Quota al primo tentativo (0-1),Aiuti presi,Punti degli aiuti,Abbandoni',
      `1,Fontana di Trevi,6,5,1,0,${5 / 6},245000,3725000,1.5,0.6,2,6,0`,
      `2,"'=Pantheon, ""il tempio""",3,0,0,1,0,,,,,0,0,2`,
      '3,Colosseo,0,0,0,0,,,,,,0,0,0',
      '',
    ]);
  });

  it('says plainly that a route has no games', async () => {
    openPage('/acme/analytics?route=r2', (url) =>
      url.pathname === ANALYTICS
        ? Response.json({ ...FIXTURE, started: 0, finished: 0, score_bands: [] })
        : undefined,
    );
    expect(await screen.findByText('Nessuna partita su questo percorso.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Esporta CSV' })).toBeNull();
  });

  it('checks the range of days before applying it, then keeps it in the address and the read', async () => {
    const { api, router } = openPage();
    await stepRows();
    const from = screen.getByLabelText('Dal giorno');
    const to = screen.getByLabelText('Al giorno (incluso)');
    const show = screen.getByRole('button', { name: 'Mostra' });

    fireEvent.change(from, { target: { value: '2026-07-10' } });
    fireEvent.change(to, { target: { value: '2026-07-09' } });
    fireEvent.click(show);
    expect(
      await screen.findByText(
        'Il giorno di fine deve essere uguale o successivo a quello di inizio',
      ),
    ).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    // 367 days with both ends included: one over the limit.
    fireEvent.change(to, { target: { value: '2027-07-11' } });
    fireEvent.click(show);
    expect(
      await screen.findByText("L'intervallo può durare al massimo un anno (366 giorni)"),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?route=r1');

    // Days on the tenant's clock (Rome, summer time): the last day included.
    fireEvent.change(from, { target: { value: '2026-07-01' } });
    fireEvent.change(to, { target: { value: '2026-07-10' } });
    fireEvent.click(show);
    const query = '?route=r1&from=2026-06-30T22%3A00%3A00.000Z&to=2026-07-10T22%3A00%3A00.000Z';
    await waitFor(() => expect(router.state.location.search).toBe(query));
    expect(screen.queryByText(/al massimo un anno/)).toBeNull();
    await waitFor(() => expect(reads(api)).toContain(query));
  });

  it('reads the route and range from the address, and keeps them in the links', async () => {
    const query = '?route=r2&from=2026-06-30T22%3A00%3A00.000Z&to=2026-07-10T22%3A00%3A00.000Z';
    const { api, router } = openPage(`/acme/analytics${query}`);
    await stepRows();
    expect(reads(api)).toEqual([query]);
    expect(screen.getByLabelText<HTMLSelectElement>('Percorso').value).toBe('r2');
    expect(screen.getByLabelText<HTMLInputElement>('Dal giorno').value).toBe('2026-07-01');
    expect(screen.getByLabelText<HTMLInputElement>('Al giorno (incluso)').value).toBe('2026-07-10');
    expect(screen.getByRole('link', { name: 'Rapporto' }).getAttribute('href')).toBe(
      `/acme/analytics/report${query}`,
    );
    expect(screen.getByRole('link', { name: 'Attestati' }).getAttribute('href')).toBe(
      `/acme/analytics/certificates${query}`,
    );

    // Another route keeps the range; 'Tutto il periodo' drops it.
    fireEvent.change(screen.getByLabelText('Percorso'), { target: { value: 'r1' } });
    await waitFor(() => expect(router.state.location.search).toBe(query.replace('r2', 'r1')));
    fireEvent.click(screen.getByRole('button', { name: 'Tutto il periodo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?route=r1'));
    expect(screen.getByLabelText<HTMLInputElement>('Dal giorno').value).toBe('');
  });

  it('opens on the newest route when the address names none', async () => {
    const { router } = openPage('/acme/analytics');
    await waitFor(() => expect(router.state.location.search).toBe('?route=r1'));
    expect(await stepRows()).toHaveLength(3);
  });

  it("reads nothing for a range in the address that the server's rules refuse", async () => {
    const backwards = '?route=r1&from=2026-07-10T00%3A00%3A00.000Z&to=2026-07-01T00%3A00%3A00.000Z';
    const first = openPage(`/acme/analytics${backwards}`);
    expect(
      await screen.findByText(
        'Il giorno di fine deve essere uguale o successivo a quello di inizio',
      ),
    ).toBeTruthy();
    expect(reads(first.api)).toEqual([]);
  });

  it('shows the server refusing a range as such', async () => {
    openPage('/acme/analytics?route=r1&from=2026-07-01T00%3A00%3A00.000Z', (url) =>
      url.pathname === ANALYTICS ? errorResponse('validation_failed', { fields: 'to' }) : undefined,
    );
    expect(
      await screen.findByText('Intervallo di date rifiutato dal server: Dati non validi: to'),
    ).toBeTruthy();
  });

  it('reads the figures again every 5 s while the page is visible, not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { api } = openPage();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reads(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reads(api)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reads(api)).toHaveLength(3);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(reads(api)).toHaveLength(3);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reads(api).length).toBeGreaterThan(3);
  });
});

describe('AnalyticsPage access', () => {
  function openAs(role: 'game_manager' | 'judge') {
    const session = sessionOf(role, [sessionTenant('acme', role)]);
    stubFetchByUrl((request) => {
      if (request.pathname === '/api/session') return Response.json(session);
      if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
      if (request.pathname === '/api/tenants/acme/routes') return Response.json({ routes: ROUTES });
      if (request.pathname === ANALYTICS) return Response.json(FIXTURE);
      return undefined;
    });
    return renderRoute('/acme/analytics?route=r1');
  }

  it("opens for the tenant's staff, not for its judges (the read's staff policy)", async () => {
    openAs('game_manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analisi' })).toBeTruthy();
  });

  it('sends a judge home', async () => {
    const router = openAs('judge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
