import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailsOf, renderPlayerPage, stubPlayApi } from '../../../test/kits/player';
import { errorResponse, jsonResponse } from '../../../test/stub-api';
import { PaymentPage } from './payment-page';

const PATH = '/:tenantSlug/:routeSlug/payment';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payment target', () => {
  it('shows the route, its price, a discount-code field and that online payment is not available', async () => {
    stubPlayApi({
      'GET /api/play/acme/routes/notte': () =>
        jsonResponse(
          200,
          detailsOf({
            slug: 'notte',
            title: 'Roma di notte',
            access_type: 'paid',
            price_cents: 1250,
          }),
        ),
    });
    const router = renderPlayerPage(PATH, <PaymentPage />, '/acme/notte/payment');
    expect(await screen.findByRole('heading', { name: 'Roma di notte' })).toBeTruthy();
    expect(screen.getByText('€ 12,50')).toBeTruthy();
    const discount = screen.getByLabelText<HTMLInputElement>('Codice sconto');
    fireEvent.change(discount, { target: { value: 'estate' } });
    expect(discount.value).toBe('ESTATE');
    expect(
      screen.getByText(
        "Il pagamento online non è ancora disponibile. Chiedi all'organizzatore un codice di accesso per giocare questo percorso.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /paga/i })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Torna ai percorsi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/select-route'));
  });

  it('says when no price applies now', async () => {
    stubPlayApi({
      'GET /api/play/acme/routes/notte': () =>
        jsonResponse(200, detailsOf({ slug: 'notte', access_type: 'paid', price_cents: null })),
    });
    renderPlayerPage(PATH, <PaymentPage />, '/acme/notte/payment');
    expect(await screen.findByText('Nessun prezzo disponibile per questo periodo')).toBeTruthy();
  });

  it('goes back to the route list for a missing route', async () => {
    stubPlayApi({
      'GET /api/play/acme/routes/notte': () => errorResponse('route_not_found'),
    });
    const router = renderPlayerPage(PATH, <PaymentPage />, '/acme/notte/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/select-route'));
  });
});
