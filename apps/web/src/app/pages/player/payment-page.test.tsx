import type { PaymentQuote, RoutePaymentStatus } from '@tappa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToExternalPage } from '../../../lib/external-page';
import { i18n } from '../../../lib/i18n';
import {
  type Handler,
  profileOf,
  renderPlayerPage,
  requestsTo,
  stubPlayApi,
} from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { PaymentPage } from './payment-page';
import { POLL_MS } from '../../../features/route-details/payment-return';

vi.mock('../../../lib/external-page', () => ({ goToExternalPage: vi.fn() }));

const PATH = '/:tenantSlug/:routeSlug/payment';
const QUOTE = 'POST /api/play/acme/routes/notte/payment/quote';
const CHECKOUT = 'POST /api/play/acme/routes/notte/checkout';
const STATUS = 'GET /api/play/acme/routes/notte/payment';
const START = 'POST /api/play/acme/routes/notte/start';
const GAME_ID = '22222222-2222-4222-8222-222222222222';

/** The server's quote of `notte` (€ 12,99), with Stripe connected unless told otherwise. */
function quoteOf(overrides: Partial<PaymentQuote> = {}): PaymentQuote {
  return {
    route_id: 'route-notte',
    route_title: 'Roma di notte',
    list_price_cents: 1299,
    total_cents: 1299,
    code_price_cents: null,
    discount: null,
    payments_connected: true,
    ...overrides,
  };
}

const ESTATE = quoteOf({
  total_cents: 1104,
  discount: { code: 'Estate', type: 'percentage', percentage: 15, amount_off_cents: 195 },
});

/** Quotes: the list price without a code, ESTATE's discount with it, any other code refused. */
const quoting =
  (list = quoteOf()): Handler =>
  (init) => {
    const { discount_code } = jsonBody(init) as { discount_code: string | null };
    if (discount_code === null) return jsonResponse(200, list);
    return discount_code === 'ESTATE'
      ? jsonResponse(200, ESTATE)
      : errorResponse('discount_code_invalid');
  };

/** Opens the payment page of `notte` at `url` for an identified team. */
function openPayment(handlers: Record<string, Handler>, url = '/acme/notte/payment') {
  const api = stubPlayApi({
    'GET /api/play/acme/me': () => jsonResponse(200, profileOf()),
    ...handlers,
  });
  const router = renderPlayerPage(PATH, <PaymentPage />, url);
  return { api, router };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(goToExternalPage).mockReset();
});

describe('the payment page', () => {
  it('applies a discount code the server accepts and pays the total on Stripe', async () => {
    const { api } = openPayment({
      [QUOTE]: quoting(),
      [CHECKOUT]: () => jsonResponse(200, { checkout_url: 'https://checkout.stripe.com/c/pay/1' }),
    });
    expect(await screen.findByRole('heading', { name: 'Roma di notte' })).toBeTruthy();
    expect(screen.getByText('€ 12,99')).toBeTruthy();
    const code = screen.getByLabelText<HTMLInputElement>('Codice sconto');

    fireEvent.change(code, { target: { value: 'inverno' } });
    expect(code.value).toBe('INVERNO');
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Codice sconto non valido');
    expect(screen.getByRole('button', { name: 'Paga € 12,99' })).toBeTruthy();

    fireEvent.change(code, { target: { value: 'estate' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect(await screen.findByText('Sconto (Estate)')).toBeTruthy();
    expect(screen.getByText('− € 1,95')).toBeTruthy();
    expect(screen.getByText('€ 11,04')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Paga € 11,04' }));
    await waitFor(() =>
      expect(goToExternalPage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/1'),
    );
    // The code goes to the server, never a price: the server computes the amount itself.
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/notte/checkout').map(jsonBody)).toEqual([
      { discount_code: 'Estate' },
    ]);
    expect(screen.getByRole('button', { name: 'Apertura del pagamento...' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows beside the full price what the discount code would make it, until it is applied', async () => {
    openPayment({ [QUOTE]: quoting(quoteOf({ code_price_cents: 1104 })) });
    const price = await screen.findByText('€ 12,99');
    // Beside the full cost: the amount with the code, never the code itself.
    expect(price.closest('dd')?.textContent).toBe('€ 12,99Con codice sconto: € 11,04');
    expect(screen.queryByText(/Estate/i)).toBeNull();

    fireEvent.change(screen.getByLabelText('Codice sconto'), { target: { value: 'estate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect(await screen.findByText('Sconto (Estate)')).toBeTruthy();
    expect(screen.queryByText('Con codice sconto: € 11,04')).toBeNull();
  });

  it('says nothing of a code where no code can be entered (no Stripe connected)', async () => {
    openPayment({
      [QUOTE]: quoting(quoteOf({ code_price_cents: 1104, payments_connected: false })),
    });
    expect(await screen.findByText('€ 12,99')).toBeTruthy();
    expect(screen.queryByText(/Con codice sconto/)).toBeNull();
  });

  it('says it in English too, with the amount written the Italian way', async () => {
    await i18n.changeLanguage('en');
    try {
      openPayment({ [QUOTE]: quoting(quoteOf({ code_price_cents: 990 })) });
      expect(await screen.findByText('With discount code: € 9,90')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('it');
    }
  });

  it("shows the payment service's refusal and stays on the page", async () => {
    openPayment({
      [QUOTE]: quoting(),
      [CHECKOUT]: () => errorResponse('payment_provider_failed'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Paga € 12,99' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Il servizio di pagamento non ha risposto: riprova tra poco',
    );
    expect(goToExternalPage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Paga € 12,99' })).toHaveProperty('disabled', false);
  });

  it('says nothing was charged after Stripe’s cancel link', async () => {
    openPayment({ [QUOTE]: quoting() }, '/acme/notte/payment?cancelled=1');
    expect(
      await screen.findByText('Pagamento annullato: non ti è stato addebitato nulla.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paga € 12,99' })).toBeTruthy();
  });

  it('without Stripe: the notice and the access code, which starts the game', async () => {
    const { router } = openPayment(
      {
        [QUOTE]: quoting(quoteOf({ payments_connected: false })),
        'POST /api/play/acme/routes/notte/redeem': (init) =>
          (jsonBody(init) as { code: string }).code === 'ABCD2345'
            ? jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'notte' })
            : errorResponse('access_code_invalid'),
      },
      '/acme/notte/payment?code=abcd2345',
    );
    expect(
      await screen.findByText(
        "Il pagamento online non è ancora disponibile. Chiedi all'organizzatore un codice di accesso per giocare questo percorso.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Paga/ })).toBeNull();
    expect(screen.queryByLabelText('Codice sconto')).toBeNull();
    // A code card's QR opened the page: the dialog is there with its code.
    const input = screen.getByLabelText<HTMLInputElement>('Codice');
    expect(input.value).toBe('ABCD2345');
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ho un codice di accesso' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/gioco/step'));
  });

  it('back from Stripe: waits for the confirmed payment, then starts the game', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: RoutePaymentStatus = { status: 'pending', amount_cents: 1299 };
    const { api, router } = openPayment(
      {
        [STATUS]: () => jsonResponse(200, status),
        [START]: () => jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'notte' }),
      },
      '/acme/notte/payment?session_id=cs_test_1',
    );
    expect(await screen.findByText('Stiamo aspettando la conferma del pagamento...')).toBeTruthy();
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/notte/start')).toHaveLength(0);
    status = { status: 'completed', amount_cents: 1299 };
    // The page asks again by itself until the webhook's confirmation is there.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/gioco/step'));
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/notte/start')).toHaveLength(1);
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/notte/payment/quote')).toHaveLength(0);
  });

  it('back from Stripe after a failed payment: says so and offers the form again', async () => {
    openPayment(
      {
        [STATUS]: () => jsonResponse(200, { status: 'failed', amount_cents: 1299 }),
        [QUOTE]: quoting(),
      },
      '/acme/notte/payment?session_id=cs_test_1',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Il pagamento non è andato a buon fine: non ti è stato addebitato nulla.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('button', { name: 'Paga € 12,99' })).toBeTruthy();
  });

  it('back from Stripe with no checkout on record (an old link): the form', async () => {
    const { router } = openPayment(
      {
        [STATUS]: () => jsonResponse(200, { status: 'none', amount_cents: null }),
        [QUOTE]: quoting(),
      },
      '/acme/notte/payment?session_id=cs_test_old',
    );
    expect(await screen.findByRole('button', { name: 'Paga € 12,99' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('says when no price applies now', async () => {
    openPayment({ [QUOTE]: () => errorResponse('route_without_price') });
    expect(await screen.findByText('Nessun prezzo disponibile per questo periodo')).toBeTruthy();
  });

  it('goes back to the route list for a missing route', async () => {
    const { router } = openPayment({ [QUOTE]: () => errorResponse('route_not_found') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/select-route'));
  });

  it('sends a team that is not identified to the start screen', async () => {
    const { router } = openPayment({
      'GET /api/play/acme/me': () => errorResponse('player_session_invalid'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });
});
