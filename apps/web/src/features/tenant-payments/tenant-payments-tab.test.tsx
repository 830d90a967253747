import type { PaymentSettingsView } from '@tappa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import {
  callsTo,
  emptyResponse,
  errorResponse,
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../test/stub-api';
import { TenantPaymentsTab } from './tenant-payments-tab';
import { dialogs } from '../../lib/dialogs';

const URL = '/api/tenants/acme/payment-settings';
const WEBHOOK_URL = 'https://giochi.example.org/api/payments/stripe/webhook/7c0e';
const NOT_CONNECTED: PaymentSettingsView = {
  connected: false,
  mode: null,
  secret_key_hint: null,
  webhook_secret_set: false,
  webhook_url: WEBHOOK_URL,
  updated_at: null,
};
const CONNECTED: PaymentSettingsView = {
  connected: true,
  mode: 'test',
  secret_key_hint: 'sk_test_…4242',
  webhook_secret_set: true,
  webhook_url: WEBHOOK_URL,
  updated_at: '2026-11-24T10:30:00.000Z',
};
const SECRET_KEY = 'sk_test_51AbCdEfGh4242';
const WEBHOOK_SECRET = 'whsec_Q2f7Hk3LmN8p';

/** Renders the tab for a tenant admin over a server whose settings answer `view()`. */
function renderTab(view: () => PaymentSettingsView, handlers = {}) {
  const fetchMock = stubApi({
    ...sessionHandler(sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])),
    [`GET ${URL}`]: () => jsonResponse(200, view()),
    ...handlers,
  });
  renderWithProviders(<TenantPaymentsTab tenantSlug="acme" />);
  return fetchMock;
}

const field = (name: RegExp) => screen.getByLabelText(name);

afterEach(() => vi.restoreAllMocks());

describe('TenantPaymentsTab', () => {
  it('shows a tenant without Stripe as not connected, with the webhook URL and events', async () => {
    renderTab(() => NOT_CONNECTED);
    expect((await screen.findByText('Non collegato')).className).toBe('badge');
    expect(screen.getByLabelText<HTMLInputElement>('URL del webhook').value).toBe(WEBHOOK_URL);
    const events = screen.getByRole('list', { name: 'Eventi da selezionare' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
    ]);
    expect(screen.getByRole('button', { name: 'Collega Stripe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scollega Stripe' })).toBeNull();
    expect(field(/^Chiave segreta/).getAttribute('type')).toBe('password');
    expect(field(/^Segreto di firma del webhook/).getAttribute('type')).toBe('password');
  });

  it('checks both secrets by their fields and sends nothing while one is wrong', async () => {
    const fetchMock = renderTab(() => NOT_CONNECTED);
    const submit = await screen.findByRole('button', { name: 'Collega Stripe' });
    fireEvent.click(submit);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(field(/^Chiave segreta/), { target: { value: 'pk_test_12345678' } });
    fireEvent.change(field(/^Segreto di firma/), { target: { value: 'whsec_123' } });
    fireEvent.click(submit);
    expect(
      await screen.findByText(
        'Inserisci una chiave segreta Stripe (sk_test_…, sk_live_…, rk_test_… o rk_live_…)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Inserisci il segreto di firma del webhook (whsec_…)')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', URL)).toEqual([]);
  });

  it('connects: sends both secrets, empties the fields and shows the test mode with the hint', async () => {
    let stored = NOT_CONNECTED;
    const fetchMock = renderTab(() => stored, {
      [`PUT ${URL}`]: () => {
        stored = CONNECTED;
        return jsonResponse(200, CONNECTED);
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Chiave segreta/), {
      target: { value: ` ${SECRET_KEY} ` },
    });
    fireEvent.change(field(/^Segreto di firma/), { target: { value: WEBHOOK_SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Collega Stripe' }));
    expect((await screen.findByRole('status')).textContent).toContain('Account Stripe collegato!');
    expect(callsTo(fetchMock, 'PUT', URL)).toEqual([
      { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
    ]);
    expect(screen.getByText('Collegato (test)').className).toBe('badge badge--warning');
    expect(screen.getByText('Chiave: sk_test_…4242')).toBeTruthy();
    expect((field(/^Chiave segreta/) as HTMLInputElement).value).toBe('');
    expect((field(/^Segreto di firma/) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Salva le chiavi' })).toBeTruthy();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    renderTab(() => NOT_CONNECTED, {
      [`PUT ${URL}`]: () => errorResponse('forbidden'),
    });
    fireEvent.change(await screen.findByLabelText(/^Chiave segreta/), {
      target: { value: SECRET_KEY },
    });
    fireEvent.change(field(/^Segreto di firma/), { target: { value: WEBHOOK_SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Collega Stripe' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((field(/^Chiave segreta/) as HTMLInputElement).value).toBe(SECRET_KEY);
  });

  it('disconnects only after the confirmation', async () => {
    let stored: PaymentSettingsView = {
      ...CONNECTED,
      mode: 'live',
      secret_key_hint: 'sk_live_…9876',
    };
    const fetchMock = renderTab(() => stored, {
      [`DELETE ${URL}`]: () => {
        stored = NOT_CONNECTED;
        return emptyResponse();
      },
    });
    expect((await screen.findByText('Collegato (live)')).className).toBe('badge badge--success');
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Scollega Stripe' }));
    expect(confirm).toHaveBeenCalledWith(
      "Scollegare l'account Stripe? Le squadre non potranno pagare le route a pagamento finché non lo colleghi di nuovo.",
    );
    expect(callsTo(fetchMock, 'DELETE', URL)).toHaveLength(0);

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Scollega Stripe' }));
    expect(await screen.findByText('Non collegato')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', URL)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Account Stripe scollegato');
  });

  it('copies the webhook URL', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTab(() => CONNECTED);
    fireEvent.click(await screen.findByRole('button', { name: 'Copia URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(WEBHOOK_URL));
    expect((await screen.findByRole('status')).textContent).toContain('URL copiato negli appunti!');
  });
});
