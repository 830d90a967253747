import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MARKUP_NAME, REPORT, TENANT } from '../../test/event-report-samples';
import { renderInRouter } from '../../test/render-in-router';
import { jsonResponse, stubApi } from '../../test/stub-api';
import { EventReportView } from './event-report';

const QUERY = { route: 'r1', from: REPORT.analytics.from, to: REPORT.analytics.to };

function renderReport() {
  const api = stubApi({
    'GET /api/public/tenants/demo': () => jsonResponse(200, TENANT),
    'GET /api/tenants/demo/analytics/report': () => jsonResponse(200, REPORT),
  });
  renderInRouter(
    [{ path: '*', element: <EventReportView tenantSlug="demo" query={QUERY} /> }],
    '/demo/analytics',
  );
  return api;
}

describe('EventReportView', () => {
  it('reads the route and range, and shows the brand, the figures and the sections', async () => {
    const api = renderReport();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rapporto: Giro dei rioni' }),
    ).toBeTruthy();
    const urls = api.mock.calls.map(([input]) =>
      input instanceof Request ? input.url : `${input}`,
    );
    const url = new URL(urls.find((u) => u.includes('/analytics/report')) ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual(QUERY);
    expect((await screen.findByRole('img', { name: 'Tappa Demo' })).getAttribute('src')).toBe(
      TENANT.logo_url,
    );
    expect(
      screen.getByText(/^Partite iniziate dal 05\/12\/2026, 01:00 al 06\/12\/2026, 01:00/),
    ).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["L'evento", 'Classifica finale', 'Analisi per tappa', 'Le squadre']);
    // The figures: started, finished, the median total time (1:02:03).
    const figures = screen.getByRole('heading', { name: "L'evento" }).parentElement!;
    expect(figures.textContent).toContain('Squadre partite3');
    expect(figures.textContent).toContain('Squadre arrivate2');
    expect(figures.textContent).toContain('1:02:03');
    // The per-step table: a row per step with its figures.
    const steps = screen.getByRole('table', { name: 'Analisi per tappa' });
    const trevi = within(steps).getByRole('row', { name: /Fontana di Trevi/ });
    expect(
      within(trevi)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '2', '1', '67%', '1:30', '2:30', '1.5', '50%', '1 (3)', '0']);
  });

  it('lists the final standings, then a section per team with its steps and reasons', async () => {
    renderReport();
    const standings = await screen.findAllByRole('row');
    expect(standings.length).toBeGreaterThan(3);
    const table = screen.getAllByRole('table')[0]!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `1${MARKUP_NAME}251:00:00Conclusa`,
      `2${REPORT.standings[1]!.team_name}121:06:40Conclusa`,
      '3Le Civette0–In gioco',
    ]);
    // A name like markup is text: no <b> element anywhere.
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: `1. ${MARKUP_NAME}` })).toBeTruthy();

    const second = within(
      screen.getByRole('table', { name: `Tappe di ${REPORT.standings[1]!.team_name}` }),
    );
    expect(
      second
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1. Fontana di TreviRisolta33:2012', '2. PantheonSaltata00:300']);
    const ledger = within(
      screen.getByRole('table', { name: `Punti e motivi di ${REPORT.standings[1]!.team_name}` }),
    );
    const entries = ledger.getAllByRole('row').slice(1);
    expect(entries.map((row) => row.textContent)).toEqual([
      '1. Fontana di TreviRisposta giusta+12',
      '–Punti dallo staff (annullato)−4Ritardo',
      '–Correzione annullata+4Errore nostro',
    ]);
    expect(entries[1]!.className).toBe('report-undone');
    // A team without ledger entries says so.
    expect(screen.getByText('Nessun punto')).toBeTruthy();
    expect(screen.getAllByText(/^\dº posto · /)).toHaveLength(3);
  });

  it("prints with 'Stampa', and links to the certificates of the same range", async () => {
    renderReport();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Stampa' }));
    expect(print).toHaveBeenCalledOnce();
    const link = screen.getByRole('link', { name: 'Attestati' }).getAttribute('href') ?? '';
    const url = new URL(link, 'http://x');
    expect(url.pathname).toBe('/demo/analytics/certificates');
    expect(Object.fromEntries(url.searchParams)).toEqual(QUERY);
  });
});
