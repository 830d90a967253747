import type { PricingRow } from '@tappa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, emptyResponse, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import type { StubHandler } from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import { stubDialogs } from '../../test/stub-browser';
import {
  findCard,
  menuItem,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
} from '../../test/kits/manage-routes';

const PRICING_URL = `${ROUTES_URL}/r1/pricing`;
const ROW: PricingRow = {
  id: 'p1',
  date_from: '2025-06-01',
  time_from: '09:00:00',
  date_to: '2025-09-30',
  time_to: '23:59:00',
  cost_euro: '12.50',
  is_priority: 0,
  discount_code: 'ESTATE',
  discount_type: 'percentage',
  discount_percentage: '10.00',
  discount_price: null,
};

/** Opens 'Gestione Listini' of Roma Centro with `rows` listed and `handlers` for writes. */
async function openPricing(rows: PricingRow[], handlers: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    ...listHandler([sampleRoute({ access_type: 'paid', is_free: false })]),
    [`GET ${PRICING_URL}`]: () => jsonResponse(200, { pricing: rows }),
    ...handlers,
  });
  renderManageRoutes();
  fireEvent.click(menuItem(await findCard('Roma Centro'), 'Gestione Listini'));
  const dialog = within(screen.getByRole('dialog', { name: 'Gestione Listini' }));
  const fill = (label: string, value: string) =>
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  return { fetchMock, dialog, fill };
}

describe('Gestione Listini', () => {
  it('lists rows with Italian dates, times, euro cost and discount', async () => {
    const fixed = { ...ROW, id: 'p2', discount_code: null, discount_type: 'fixed' as const };
    const { dialog } = await openPricing([
      ROW,
      {
        ...fixed,
        cost_euro: '8',
        is_priority: 2,
        discount_percentage: null,
        discount_price: '6.5',
      },
    ]);
    const rows = await dialog.findAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Dal', 'Al', 'Costo', 'Sconto', 'Priorità', 'Azioni']);
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['01/06/2025 09:00', '30/09/2025 23:59', '€ 12,50', 'ESTATE · 10%', '0'],
      ['01/06/2025 09:00', '30/09/2025 23:59', '€ 8,00', '€ 6,50', '2'],
    ]);
  });

  it('shows an empty list and adds a row with the defaults and nulls for empty decimals', async () => {
    const { fetchMock, dialog, fill } = await openPricing([], {
      [`POST ${PRICING_URL}`]: () => jsonResponse(201, ROW),
    });
    expect(await dialog.findByText('Nessuna riga di listino per questa route')).toBeTruthy();
    expect(dialog.getByLabelText('Ora inizio')).toHaveProperty('value', '00:00');
    expect(dialog.getByLabelText('Ora fine')).toHaveProperty('value', '23:59');
    expect(dialog.getByLabelText('Tipo sconto')).toHaveProperty('value', 'percentage');
    expect(dialog.getByLabelText('Costo (€)').getAttribute('step')).toBe('0.01');

    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    expect(dialog.getAllByText('Campo obbligatorio')).toHaveLength(3);
    expect(callsTo(fetchMock, 'POST', PRICING_URL)).toHaveLength(0);

    fill('Data inizio', '2025-06-01');
    fill('Data fine', '2025-09-30');
    fill('Costo (€)', '12.5');
    fill('Codice sconto', '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', PRICING_URL)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', PRICING_URL)[0]).toEqual({
      date_from: '2025-06-01',
      time_from: '00:00',
      date_to: '2025-09-30',
      time_to: '23:59',
      cost_euro: 12.5,
      is_priority: 0,
      discount_code: null,
      discount_type: 'percentage',
      discount_percentage: null,
      discount_price: null,
    });
    // The form starts over and the list is read again.
    await waitFor(() => expect(dialog.getByLabelText('Data inizio')).toHaveProperty('value', ''));
    expect(callsTo(fetchMock, 'GET', PRICING_URL)).toHaveLength(2);
  });

  it('sends the priority the organiser gives, a whole number from 0', async () => {
    const { fetchMock, dialog, fill } = await openPricing([], {
      [`POST ${PRICING_URL}`]: () => jsonResponse(201, { ...ROW, is_priority: 3 }),
    });
    const priority = await dialog.findByLabelText('Priorità');
    expect(priority).toHaveProperty('value', '0');
    expect(priority.getAttribute('step')).toBe('1');
    expect(priority.getAttribute('min')).toBe('0');
    expect(priority.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      dialog.getByText(
        'Se più righe valgono nello stesso momento, vale quella con la priorità più alta; a parità, quella che inizia più tardi.',
      ),
    ).toBeTruthy();
    fill('Data inizio', '2025-08-10');
    fill('Data fine', '2025-08-16');
    fill('Costo (€)', '15');
    fill('Priorità', '1.5');
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    expect(dialog.getByText('Inserisci un numero intero da 0 in su')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', PRICING_URL)).toHaveLength(0);

    fill('Priorità', '3');
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', PRICING_URL)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', PRICING_URL)[0]).toMatchObject({
      date_from: '2025-08-10',
      cost_euro: 15,
      is_priority: 3,
    });
  });

  it('sends a fixed discount and alerts "Error adding pricing: {msg}" on failure', async () => {
    const { alert } = stubDialogs();
    const { fetchMock, dialog, fill } = await openPricing([], {
      [`POST ${PRICING_URL}`]: () => errorResponse('price_window_reversed'),
    });
    fill('Data inizio', '2025-06-01');
    fill('Data fine', '2025-06-30');
    fill('Costo (€)', '20');
    fill('Codice sconto', ' VIP ');
    fireEvent.change(dialog.getByLabelText('Tipo sconto'), { target: { value: 'fixed' } });
    fill('Sconto (%)', '12.5');
    fill('Prezzo scontato (€)', '15.99');
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Error adding pricing: La fine del listino precede il suo inizio',
      ),
    );
    expect(callsTo(fetchMock, 'POST', PRICING_URL)[0]).toMatchObject({
      cost_euro: 20,
      discount_code: 'VIP',
      discount_type: 'fixed',
      discount_percentage: 12.5,
      discount_price: 15.99,
    });
    expect(dialog.getByLabelText('Data inizio')).toHaveProperty('value', '2025-06-01');
  });

  it('deletes a row only after confirmation', async () => {
    const { confirm, alert } = stubDialogs(false);
    const { fetchMock, dialog } = await openPricing([ROW], {
      [`DELETE ${PRICING_URL}/p1`]: () => emptyResponse(),
    });
    const remove = await dialog.findByRole('button', {
      name: 'Elimina la riga dal 01/06/2025 09:00',
    });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Eliminare questa riga di listino?');
    expect(callsTo(fetchMock, 'DELETE', `${PRICING_URL}/p1`)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fireEvent.click(remove);
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `${PRICING_URL}/p1`)).toHaveLength(1));
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts "Error deleting pricing: {msg}" when the delete fails', async () => {
    const { alert } = stubDialogs(true);
    const { dialog } = await openPricing([ROW], {
      [`DELETE ${PRICING_URL}/p1`]: () => errorResponse('price_row_not_found'),
    });
    fireEvent.click(await dialog.findByRole('button', { name: /^Elimina la riga/ }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Error deleting pricing: Riga di listino non trovata'),
    );
  });
});
