import type { AccessCode } from '@tappa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { readFileText } from '../../lib/read-file';
import { renderInRouter } from '../../test/render-in-router';
import { sampleRoute } from '../../test/samples';
import { callsTo, emptyResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { stubDialogs, stubDownloads } from '../../test/stub-browser';
import { AccessCodesAdmin } from './access-codes-admin';
import { codeLink } from './code-cards-sheet';

const CODE_ROUTE = sampleRoute({
  id: 'r-code',
  slug: 'caccia',
  title: 'Caccia al tesoro',
  access_type: 'code',
});
const PAID_ROUTE = sampleRoute({
  id: 'r-paid',
  slug: 'notte',
  title: 'Roma di notte',
  access_type: 'paid',
});
const CODES_URL = '/api/tenants/demo/routes/r-code/access-codes';

const code = (overrides: Partial<AccessCode>): AccessCode => ({
  id: 'c1',
  code: 'ABCD2345',
  is_used: false,
  used_at: null,
  used_by_email: null,
  used_by_team: null,
  created_at: '2026-05-01T10:00:00Z',
  ...overrides,
});

const CODES = [
  code({ id: 'c1', code: 'ABCD2345' }),
  code({ id: 'c2', code: 'WXYZ6789', created_at: '2026-05-03T10:00:00Z' }),
  code({
    id: 'c3',
    code: 'USED2345',
    is_used: true,
    used_at: '2026-05-02T12:00:00Z',
    used_by_email: 'gufi@example.org',
    used_by_team: 'Gufi',
  }),
];

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/tenants/demo/routes': () =>
      jsonResponse(200, { routes: [sampleRoute(), CODE_ROUTE, PAID_ROUTE] }),
    [`GET ${CODES_URL}`]: () => jsonResponse(200, { codes: CODES }),
    ...extra,
  });
}

function AtSlug() {
  const { tenantSlug = '' } = useParams();
  return <AccessCodesAdmin tenantSlug={tenantSlug} />;
}

const render = () =>
  renderInRouter(
    [{ path: '/:tenantSlug/access-codes', element: <AtSlug /> }],
    '/demo/access-codes',
  );

const section = async (name: RegExp) => within(await screen.findByRole('region', { name }));

describe('AccessCodesAdmin', () => {
  it('offers code and paid routes, and lists available and used codes with the team', async () => {
    stub();
    render();
    const select = await screen.findByLabelText('Route');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Caccia al tesoro', 'Roma di notte']);
    const available = await section(/Codici disponibili \(2\)/);
    expect(available.getByText('ABCD2345')).toBeTruthy();
    const used = await section(/Codici utilizzati \(1\)/);
    expect(used.getByText('USED2345')).toBeTruthy();
    expect(used.getByText('Gufi')).toBeTruthy();
  });

  it('searches by team and filters by the created date', async () => {
    stub();
    render();
    await section(/Codici disponibili \(2\)/);
    fireEvent.change(screen.getByLabelText('Cerca codice o squadra'), {
      target: { value: 'gufi' },
    });
    await section(/Codici disponibili \(0\)/);
    await section(/Codici utilizzati \(1\)/);
    fireEvent.change(screen.getByLabelText('Cerca codice o squadra'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Creato dal'), { target: { value: '2026-05-02' } });
    const available = await section(/Codici disponibili \(1\)/);
    expect(available.getByText('WXYZ6789')).toBeTruthy();
    await section(/Codici utilizzati \(0\)/);
  });

  it('refuses a count outside 1-1000 and generates a valid one', async () => {
    const api = stub({
      [`POST ${CODES_URL}`]: () => jsonResponse(201, { codes: CODES.slice(0, 2) }),
    });
    render();
    const count = await screen.findByLabelText('Numero di codici');
    expect((count as HTMLInputElement).value).toBe('10');
    fireEvent.change(count, { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Genera codici' }));
    expect(await screen.findByText('Inserisci un numero valido tra 1 e 1000')).toBeTruthy();
    expect(callsTo(api, 'POST', CODES_URL)).toEqual([]);
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Genera codici' }));
    expect(await screen.findByText('2 codici generati con successo!')).toBeTruthy();
    expect(callsTo(api, 'POST', CODES_URL)).toEqual([{ count: 2 }]);
  });

  it('deletes a code only after the confirmation', async () => {
    const api = stub({ [`DELETE ${CODES_URL}/c1`]: () => emptyResponse() });
    const dialogs = stubDialogs(false);
    render();
    const available = await section(/Codici disponibili/);
    fireEvent.click(available.getByRole('button', { name: 'Elimina ABCD2345' }));
    expect(dialogs.confirm).toHaveBeenCalledWith('Sei sicuro di voler eliminare questo codice?');
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    dialogs.confirm.mockResolvedValue(true);
    fireEvent.click(available.getByRole('button', { name: 'Elimina ABCD2345' }));
    expect(await screen.findByText('Codice eliminato')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('copies a code and shows the tick for 2 seconds', async () => {
    stub();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render();
    const available = await section(/Codici disponibili/);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(available.getByRole('button', { name: 'Copia ABCD2345' }));
      await waitFor(() => expect(available.getByRole('button', { name: 'Copiato' })).toBeTruthy());
      expect(writeText).toHaveBeenCalledWith('ABCD2345');
      await vi.advanceTimersByTimeAsync(2000);
      await waitFor(() =>
        expect(available.getByRole('button', { name: 'Copia ABCD2345' })).toBeTruthy(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports the unused codes as access-codes-{routeSlug}.csv', async () => {
    stub();
    const downloads = stubDownloads();
    render();
    await section(/Codici disponibili \(2\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(downloads.map((d) => d.name)).toEqual(['access-codes-caccia.csv']);
    const text = await readFileText(downloads[0]!.blob);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Codice,Stato,Data Creazione,Data Utilizzo,Fuso orario');
    expect(lines[1]?.split(',').at(-1)).toBe('Europe/Rome');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['ABCD2345', 'WXYZ6789']);
  });

  it('opens the print sheet with one card per available code', async () => {
    stub();
    render();
    await section(/Codici disponibili \(2\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Foglio da stampare' }));
    const sheet = await section(/Foglio da stampare/);
    expect(sheet.getAllByRole('listitem')).toHaveLength(2);
    expect(sheet.getAllByText('Caccia al tesoro')).toHaveLength(2);
  });

  it("encodes in each card's QR the route details with the code", () => {
    expect(codeLink('https://tappa.test', 'demo', 'caccia', 'ABCD2345')).toBe(
      'https://tappa.test/demo/caccia/details?code=ABCD2345',
    );
  });
});
