import type { AdminStep } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render-in-router';
import { sampleStep } from '../../test/samples';
import { errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { QrSheet } from './qr-sheet';

const STEPS_URL = '/api/tenants/demo/routes/r1/steps';

function step(
  id: string,
  place: string,
  checkType: AdminStep['check_type'],
  answer: string | null,
): AdminStep {
  return sampleStep({ id, place, check_type: checkType, check_answer: answer });
}

/** Renders the sheet of route r1 of tenant demo. */
function renderQrSheet() {
  renderInRouter(
    [{ path: '*', element: <QrSheet tenantSlug="demo" routeId="r1" /> }],
    '/demo/routes/r1/qr-sheet',
  );
}

function renderSheet(steps: AdminStep[]) {
  stubApi({
    'GET /api/tenants/demo/routes': () =>
      jsonResponse(200, { routes: [{ id: 'r1', title: 'Roma centro', slug: 'roma' }] }),
    [`GET ${STEPS_URL}`]: () => jsonResponse(200, { steps }),
  });
  renderQrSheet();
}

describe('QrSheet', () => {
  it('prints one card per qr step with its QR code, step number, place and route title', async () => {
    renderSheet([
      step('s1', 'Trevi', 'text', '1762'),
      step('s2', 'Pantheon', 'qr', 'TAPPA-PANTHEON'),
      step('s3', 'Navona', 'choice', 'Bernini'),
      step('s4', "Campo de' Fiori", 'qr', 'TAPPA-CAMPO'),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'QR codes: Roma centro' }),
    ).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] ?? document.body);
    expect(first.getByText('Step 2')).toBeTruthy();
    expect(first.getByRole('heading', { name: 'Pantheon' })).toBeTruthy();
    expect(first.getByText('Roma centro')).toBeTruthy();
    expect(first.getByText('Code: TAPPA-PANTHEON')).toBeTruthy();

    const images = await screen.findAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'QR code of step 2 (Pantheon)',
      "QR code of step 4 (Campo de' Fiori)",
    ]);
    for (const img of images) {
      const src = img.getAttribute('src') ?? '';
      expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
      expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toContain('<svg');
    }
  });

  it('prints with the Print button', async () => {
    renderSheet([step('s1', 'Pantheon', 'qr', 'TAPPA-PANTHEON')]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when the route has no qr step', async () => {
    renderSheet([step('s1', 'Trevi', 'text', '1762')]);
    expect(await screen.findByText('This route has no QR code steps')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('link', { name: '← Steps' }).getAttribute('href')).toBe(
      '/demo/routes/r1/steps',
    );
  });

  it("shows the text of the server's code when the steps cannot be read", async () => {
    stubApi({ [`GET ${STEPS_URL}`]: () => errorResponse('route_not_found') });
    renderQrSheet();
    expect((await screen.findByRole('alert')).textContent).toBe('Percorso non trovato');
  });
});
