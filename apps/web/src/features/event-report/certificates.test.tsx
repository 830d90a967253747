import { TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { LONG_NAME, MARKUP_NAME, STANDINGS, TENANT } from '../../test/event-report-samples';
import { renderInRouter } from '../../test/render-in-router';
import { jsonResponse, stubApi } from '../../test/stub-api';
import { Certificates } from './certificates';
import { cutName, placeText } from './report-format';

function renderCertificates(standings = STANDINGS) {
  stubApi({
    'GET /api/public/tenants/demo': () => jsonResponse(200, TENANT),
    'GET /api/tenants/demo/analytics/standings': () => jsonResponse(200, standings),
  });
  renderInRouter(
    [{ path: '*', element: <Certificates tenantSlug="demo" query={{ route: 'r1' }} /> }],
    '/demo/analytics',
  );
}

describe('Certificates', () => {
  it('draws one certificate per team with its name, place, score, route, date and brand', async () => {
    renderCertificates();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(STANDINGS.standings.length);
    expect(document.querySelectorAll('.certificate')).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByText('Attestato')).toBeTruthy();
    expect(first.getByText(MARKUP_NAME)).toBeTruthy();
    expect(first.getByText('1º posto')).toBeTruthy();
    expect(first.getByText('25 punti')).toBeTruthy();
    expect(first.getByText('Giro dei rioni')).toBeTruthy();
    expect(first.getByText('05/12/2026')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Tappa Demo' }).getAttribute('src')).toBe(
      TENANT.logo_url,
    );
    expect(within(items[2]!).getByText('3º posto')).toBeTruthy();
    // A name like markup is text, never an element.
    expect(list.querySelector('b')).toBeNull();
  });

  it('cuts a name longer than the team-name limit', async () => {
    renderCertificates();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    const name = items[1]!.querySelector('.certificate__team')!.textContent ?? '';
    expect(LONG_NAME.length).toBeGreaterThan(TEAM_NAME_MAX_LENGTH);
    expect(name).toHaveLength(TEAM_NAME_MAX_LENGTH);
    expect(name.endsWith('…')).toBe(true);
    expect(LONG_NAME.startsWith(name.slice(0, -1))).toBe(true);
    expect(cutName('Le Civette')).toBe('Le Civette');
    expect(Array.from(cutName('🦉'.repeat(70)))).toHaveLength(TEAM_NAME_MAX_LENGTH);
  });

  it('says so when the range has no team', async () => {
    renderCertificates({ ...STANDINGS, standings: [] });
    expect(await screen.findByText('Nessuna squadra in questo periodo')).toBeTruthy();
    expect(document.querySelectorAll('.certificate')).toHaveLength(0);
  });

  it('writes places with the ordinal of the language', async () => {
    await i18n.loadLanguages('en');
    const en = i18n.getFixedT('en');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => placeText(en, 'en', n))).toEqual([
      '1st place',
      '2nd place',
      '3rd place',
      '4th place',
      '11th place',
      '12th place',
      '13th place',
      '21st place',
      '22nd place',
      '23rd place',
      '101st place',
    ]);
    const it = i18n.getFixedT('it');
    expect([1, 2, 11].map((n) => placeText(it, 'it', n))).toEqual([
      '1º posto',
      '2º posto',
      '11º posto',
    ]);
  });
});
