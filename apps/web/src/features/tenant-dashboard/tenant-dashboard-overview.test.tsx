import type { MessageBoard, StaffMessage } from '@tappa/contracts';
import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render-in-router';
import { errorResponse, pathOf } from '../../test/stub-api';
import { TenantDashboardOverview } from './tenant-dashboard-overview';

const EMPTY_BOARD: MessageBoard = { latest: [], unanswered: [], unread: 0 };

/** Stubs `fetch`: the dashboard's counts by `dashboard`, the message board by `board`. */
function stubFetch(
  dashboard: () => Response,
  board: () => Response = () => Response.json(EMPTY_BOARD),
) {
  const mock = vi.fn<typeof fetch>((input) =>
    Promise.resolve(
      pathOf(input) === '/api/tenants/demo/messages/board'
        ? board()
        : pathOf(input) === '/api/tenants/demo/dashboard'
          ? dashboard()
          : errorResponse('not_found'),
    ),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

function renderOverview(firstRoute?: ReactNode) {
  renderInRouter(
    [
      {
        path: '/:tenantSlug/dashboard',
        element: <TenantDashboardOverview tenantSlug="demo" firstRoute={firstRoute} />,
      },
    ],
    '/demo/dashboard',
  );
}

/** A message sent to every team at 12:00 in Rome. */
function sentOf(overrides: Partial<StaffMessage> = {}): StaffMessage {
  return {
    id: 'm1',
    audience: 'tenant',
    route: null,
    team: null,
    body: 'Ritrovo alle 18: https://example.org/piazza',
    read_confirmation: false,
    author_email: 'staff@demo.test',
    send_at: '2026-07-10T10:00:00.000Z',
    sent_at: '2026-07-10T10:00:00.000Z',
    cancelled_at: null,
    created_at: '2026-07-10T10:00:00.000Z',
    counts: { addressed: 4, received: 4, read: 2 },
    ...overrides,
  };
}

describe('TenantDashboardOverview', () => {
  it('shows the three counts with their labels, the caption and the Message Board', async () => {
    const mock = stubFetch(() =>
      Response.json({ routes: 3, registrations: 12500, activePlayers: 7 }),
    );
    renderOverview();
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    const routes = await screen.findByRole('heading', { name: 'Routes Create' });
    expect(routes.parentElement?.textContent).toBe('Routes Create3');
    const total = screen.getByRole('heading', { name: 'Giocatori Totali' });
    expect(total.parentElement?.textContent).toBe('Giocatori Totali12.500');
    const active = screen.getByRole('heading', { name: 'Giocatori Attivi' });
    expect(active.parentElement?.textContent).toBe('Giocatori Attivi7ultimi 7 giorni');
    expect(screen.getByRole('heading', { name: 'Message Board' })).toBeTruthy();
    expect(await screen.findByText('Nessun messaggio inviato')).toBeTruthy();
    expect(screen.getByText('Nessuna conversazione in attesa')).toBeTruthy();
    expect(screen.queryByText('Funzionalità in arrivo')).toBeNull();
    expect(mock.mock.calls.map(([input]) => pathOf(input))).toContain(
      '/api/tenants/demo/dashboard',
    );
  });

  it('shows the board: the latest messages with their delivery, the unanswered threads, a link to Messaggi', async () => {
    stubFetch(
      () => Response.json({ routes: 1, registrations: 4, activePlayers: 4 }),
      () =>
        Response.json({
          latest: [
            sentOf(),
            sentOf({
              id: 'm2',
              body: 'Premiazione',
              sent_at: null,
              send_at: '2026-07-10T18:00:00.000Z',
            }),
          ],
          unanswered: [
            {
              team_id: 't1',
              team_name: 'Le Volpi',
              last: { author: 'team', body: '<i>Aiuto</i>', sent_at: '2026-07-10T10:05:00.000Z' },
              unread: 2,
              answered: false,
            },
          ],
          unread: 2,
        } satisfies MessageBoard),
    );
    renderOverview();
    const board = (await screen.findByRole('heading', { name: /^Message Board/ })).closest(
      'section',
    )!;
    const latest = await within(board).findByText(/^Ritrovo alle 18/);
    expect(within(latest).getByRole('link').getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(board).getByText(
        '10/07/2026, 12:00 (ora di Roma) · Ricevuto da 4 di 4 · Letto da 2 di 4',
      ),
    ).toBeTruthy();
    expect(within(board).getByText('10/07/2026, 20:00 (ora di Roma) · Programmato')).toBeTruthy();
    expect(within(board).getByText('Le Volpi')).toBeTruthy();
    expect(within(board).getByText('<i>Aiuto</i>')).toBeTruthy();
    expect(board.querySelector('i')).toBeNull();
    expect(within(board).getAllByText('2 non letti')).toHaveLength(2);
    expect(within(board).getByRole('link', { name: 'Apri Messaggi' }).getAttribute('href')).toBe(
      '/demo/live/messages',
    );
  });

  it("shows the text of the server's code in a red banner", async () => {
    stubFetch(() => errorResponse('forbidden'));
    renderOverview();
    expect((await screen.findByRole('alert')).textContent).toBe('Accesso negato');
    expect(screen.getByRole('heading', { name: 'Message Board' })).toBeTruthy();
  });

  it('offers the first route only while the tenant has none', async () => {
    stubFetch(() => Response.json({ routes: 0, registrations: 0, activePlayers: 0 }));
    renderOverview(<p>First route here</p>);
    expect(await screen.findByText('First route here')).toBeTruthy();
  });

  it('shows no first-route offer once there are routes', async () => {
    stubFetch(() => Response.json({ routes: 2, registrations: 0, activePlayers: 0 }));
    renderOverview(<p>First route here</p>);
    await screen.findByRole('heading', { name: 'Routes Create' });
    expect(screen.queryByText('First route here')).toBeNull();
  });
});
