import type { AccessCode } from '@tappa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { jsonResponse, stubApi } from '../../test/stub-api';
import { CodeCardsSheet, sheetsOf, typedAddress } from './code-cards-sheet';

/** `n` available codes with distinct, valid-looking values. */
const codes = (n: number): AccessCode[] =>
  Array.from({ length: n }, (_, index) => ({
    id: `c${index}`,
    code: `ABCD${String(2345 + index).padStart(4, '2')}`,
    is_used: false,
    used_at: null,
    used_by_email: null,
    used_by_team: null,
    created_at: '2026-05-01T10:00:00Z',
  }));

function renderSheet(n: number, logoUrl: string | null) {
  stubApi({
    'GET /api/public/tenants/demo': () =>
      jsonResponse(200, { slug: 'demo', name: 'Demo Tours', logo_url: logoUrl }),
  });
  renderWithProviders(
    <CodeCardsSheet
      tenantSlug="demo"
      routeSlug="caccia"
      routeTitle="Caccia al tesoro"
      codes={codes(n)}
      origin="https://tappa.example.org"
    />,
  );
  return within(screen.getByRole('region', { name: 'Foglio da stampare' }));
}

describe('CodeCardsSheet', () => {
  it('puts ten cards on each sheet, the last one holding the rest', () => {
    expect(sheetsOf(codes(23)).map((sheet) => sheet.length)).toEqual([10, 10, 3]);
    expect(sheetsOf(codes(10)).map((sheet) => sheet.length)).toEqual([10]);
    expect(sheetsOf([])).toEqual([]);
    expect(typedAddress('https://tappa.example.org/demo/caccia/details')).toBe(
      'tappa.example.org/demo/caccia/details',
    );
  });

  it('renders 23 codes into 3 sheets of cards that work on their own', async () => {
    const sheet = renderSheet(23, '/files/brand-assets/demo/logo.png');
    const pages = sheet.getAllByRole('list');
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual([
      'Foglio 1 di 3',
      'Foglio 2 di 3',
      'Foglio 3 di 3',
    ]);
    expect(pages.map((page) => within(page).getAllByRole('listitem').length)).toEqual([10, 10, 3]);
    const last = within(within(pages[2]!).getAllByRole('listitem')[2]!);
    expect(last.getByText('Caccia al tesoro')).toBeTruthy();
    expect(last.getByText('Inquadra il codice QR per giocare')).toBeTruthy();
    expect(last.getByText('tappa.example.org/demo/caccia/details')).toBeTruthy();
    expect(last.getByText(/Senza lettore QR\? Apri/).textContent).toBe(
      'Senza lettore QR? Apri tappa.example.org/demo/caccia/details e inserisci il codice',
    );
    expect(last.getByText('ABCD2367')).toBeTruthy();
    expect((await last.findByRole('img', { name: 'Demo Tours' })).getAttribute('src')).toBe(
      '/files/brand-assets/demo/logo.png',
    );
    expect(await last.findByRole('img', { name: 'QR code del codice ABCD2367' })).toBeTruthy();
    expect(sheet.getAllByText('Inquadra il codice QR per giocare')).toHaveLength(23);
    expect(sheet.getByText(/10 tessere per foglio A4/)).toBeTruthy();
  });

  it('names the tenant in text when it has no logo', async () => {
    const sheet = renderSheet(1, null);
    expect(await sheet.findByText('Demo Tours')).toBeTruthy();
    expect(sheet.getAllByRole('list')).toHaveLength(1);
  });
});
