import { formatInstant } from '@tappa/domain';
import type { RoutePayment } from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
  type StubHandler,
} from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import { stubDialogs, stubDownloads } from '../../test/stub-browser';
import {
  findCard,
  menuItem,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
  TENANT,
} from '../../test/kits/manage-routes';

const PAYMENTS_URL = `${ROUTES_URL}/r1/payments`;
const PAID: RoutePayment = {
  id: 'pay-1',
  team_name: 'Civette',
  email: 'civette@example.org',
  list_price_cents: 1299,
  amount_cents: 1104,
  discount_code: 'ESTATE',
  status: 'completed',
  refunded_cents: 0,
  created_at: '2025-07-04T08:00:00.000Z',
  completed_at: '2025-07-04T08:02:00.000Z',
};
const PENDING: RoutePayment = {
  ...PAID,
  id: 'pay-2',
  team_name: 'Gufi',
  email: 'gufi@example.org',
  amount_cents: 1299,
  discount_code: null,
  status: 'pending',
  completed_at: null,
};

/** Opens 'Pagamenti' of the paid Roma Centro as `role`, with `payments` listed. */
async function openPayments(
  payments: RoutePayment[],
  opts: { role?: Role; handlers?: Record<string, StubHandler> } = {},
) {
  const role = opts.role ?? 'tenant_admin';
  const fetchMock = stubApi({
    ...sessionHandler(sessionOf(role, [sessionTenant(TENANT, role)])),
    ...listHandler([
      sampleRoute({ access_type: 'paid', is_free: false }),
      sampleRoute({ id: 'r2', slug: 'gratis', title: 'Gratis' }),
    ]),
    [`GET ${PAYMENTS_URL}`]: () => jsonResponse(200, { payments }),
    ...opts.handlers,
  });
  renderManageRoutes();
  // A free route's menu has no 'Pagamenti'.
  menuItem(await findCard('Gratis'), 'Gestione Listini');
  expect(screen.queryByRole('menuitem', { name: 'Pagamenti' })).toBeNull();
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  fireEvent.click(menuItem(await findCard('Roma Centro'), 'Pagamenti'));
  const dialog = within(screen.getByRole('dialog', { name: 'Pagamenti' }));
  return { fetchMock, dialog };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Pagamenti of a paid route', () => {
  it('lists team, e-mail, amount in euro, discount, status and date; free routes have no button', async () => {
    const { dialog } = await openPayments([PAID, PENDING]);
    const rows = (await dialog.findAllByRole('row')).slice(1);
    // On the tenant's clock (Rome), named: the tests' browser is on UTC.
    const date = (iso: string) =>
      `${formatInstant(new Date(iso), 'Europe/Rome', 'dateTime')} (ora di Roma)`;
    expect(rows.map((row) => cellsOf(row).slice(0, 6))).toEqual([
      [
        'Civette',
        'civette@example.org',
        '€ 11,04Prezzo di listino € 12,99',
        'ESTATE',
        'Completato',
        date(PAID.completed_at!),
      ],
      ['Gufi', 'gufi@example.org', '€ 12,99', '—', 'In attesa', date(PENDING.created_at)],
    ]);
    // Only the completed payment can be refunded.
    expect(
      within(rows[0]!).getByRole('button', { name: 'Rimborsa il pagamento di Civette' }),
    ).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('says when the route has no payments, and offers no export', async () => {
    const { dialog } = await openPayments([]);
    expect(await dialog.findByText('Nessun pagamento per questa route')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Esporta CSV' })).toHaveProperty('disabled', true);
  });

  it("downloads the server's CSV", async () => {
    const downloads = stubDownloads();
    const csv = '\uFEFFTeam Name,Email\r\nCivette,civette@example.org\r\n';
    const { dialog } = await openPayments([PAID], {
      handlers: {
        [`GET ${PAYMENTS_URL}.csv`]: () =>
          new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      },
    });
    await dialog.findByText('Civette');
    fireEvent.click(dialog.getByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('demo-roma-centro-payments.csv');
    expect(downloads[0]?.blob.size).toBe(new TextEncoder().encode(csv).length);
  });

  it('refunds only after confirmation, then shows the refunded list', async () => {
    const { confirm } = stubDialogs(false);
    let listed = [PAID];
    const refundUrl = `${PAYMENTS_URL}/pay-1/refund`;
    const refunded = { ...PAID, status: 'refunded' as const, refunded_cents: 1104 };
    const { fetchMock, dialog } = await openPayments([], {
      handlers: {
        [`GET ${PAYMENTS_URL}`]: () => jsonResponse(200, { payments: listed }),
        [`POST ${refundUrl}`]: () => {
          listed = [refunded];
          return jsonResponse(200, refunded);
        },
      },
    });
    const button = await dialog.findByRole('button', { name: 'Rimborsa il pagamento di Civette' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      'Rimborsare € 11,04 a Civette tramite Stripe? La squadra non potrà più iniziare né riprendere questa route senza pagarla di nuovo. Il rimborso non si può annullare.',
    );
    expect(callsTo(fetchMock, 'POST', refundUrl)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fireEvent.click(button);
    expect(await dialog.findByRole('status')).toHaveProperty(
      'textContent',
      'Pagamento di Civette rimborsato',
    );
    expect(callsTo(fetchMock, 'POST', refundUrl)).toHaveLength(1);
    expect(await dialog.findByText('Rimborsato')).toBeTruthy();
    expect(dialog.getByText('Rimborsati € 11,04')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Rimborsa il pagamento/ })).toBeNull();
  });

  it("shows Stripe's failure as a clear error", async () => {
    stubDialogs(true);
    const { dialog } = await openPayments([PAID], {
      handlers: {
        [`POST ${PAYMENTS_URL}/pay-1/refund`]: () => errorResponse('payment_provider_failed'),
      },
    });
    fireEvent.click(
      await dialog.findByRole('button', { name: 'Rimborsa il pagamento di Civette' }),
    );
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      'Rimborso non riuscito: Il servizio di pagamento non ha risposto: riprova tra poco',
    );
  });

  it("shows an erased team's payment without name or e-mail, and refunds it", async () => {
    const { confirm } = stubDialogs(true);
    const erased = { ...PAID, id: 'pay-3', team_name: null, email: null };
    const refundUrl = `${PAYMENTS_URL}/pay-3/refund`;
    const { fetchMock, dialog } = await openPayments([erased], {
      handlers: {
        [`POST ${refundUrl}`]: () =>
          jsonResponse(200, { ...erased, status: 'refunded', refunded_cents: 1104 }),
      },
    });
    const [row] = (await dialog.findAllByRole('row')).slice(1);
    expect(cellsOf(row!).slice(0, 2)).toEqual(['Squadra cancellata', '—']);
    fireEvent.click(
      within(row!).getByRole('button', { name: 'Rimborsa il pagamento della squadra cancellata' }),
    );
    expect(confirm).toHaveBeenCalledWith(
      'Rimborsare € 11,04 tramite Stripe? La squadra che ha pagato è stata cancellata: il denaro torna al metodo di pagamento che ha usato. Il rimborso non si può annullare.',
    );
    expect(await dialog.findByRole('status')).toHaveProperty(
      'textContent',
      'Pagamento della squadra cancellata rimborsato',
    );
    expect(callsTo(fetchMock, 'POST', refundUrl)).toHaveLength(1);
  });

  it('lets a game manager read the payments without refund buttons', async () => {
    const { dialog } = await openPayments([PAID], { role: 'game_manager' });
    await dialog.findByText('Civette');
    expect(dialog.queryByRole('button', { name: /Rimborsa/ })).toBeNull();
    expect(dialog.queryByRole('columnheader', { name: 'Azioni' })).toBeNull();
  });
});
