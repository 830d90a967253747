import type { AuditEntry, AuditLogPage } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render-in-router';
import { jsonResponse, stubApi } from '../../test/stub-api';
import { AuditLogPanel } from './audit-log-panel';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T09:30:15.000Z',
  actor_user_id: 'u1',
  actor_email: 'root@tappa.test',
  ip: '203.0.113.7',
  action: 'tenant.update',
  target_id: 't1',
  target_label: 'Acme',
  details: { fields: ['city', 'logo_url'] },
  ...overrides,
});

const render = () => renderInRouter([{ path: '/', element: <AuditLogPanel /> }], '/');

describe('AuditLogPanel', () => {
  it('lists who did what, newest first, and loads older pages until the end', async () => {
    const pages: AuditLogPage[] = [
      {
        entries: [
          entry(12),
          entry(11, { action: 'superadmin.deactivate', target_label: 'x@y.it', details: null }),
        ],
        next_before: 11,
      },
      { entries: [entry(3, { action: 'email_settings.update', ip: null })], next_before: null },
    ];
    const api = stubApi({
      'GET /api/platform/audit-log': () => jsonResponse(200, pages.shift()),
    });
    render();
    const table = await screen.findByRole('table');
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(rows()[0]).toEqual([
      // 09:30:15 UTC on the platform's clock (Rome), named: the tests' browser is on UTC.
      '20/11/2026, 10:30:15 (ora di Roma)',
      'root@tappa.test203.0.113.7',
      'Tenant edited',
      'Acme',
      'fields: city, logo_url',
    ]);
    expect(rows()[1]?.slice(2, 5)).toEqual(['Superadmin deactivated', 'x@y.it', '']);

    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await within(table).findByText('E-mail settings saved')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
    const urls = api.mock.calls
      .map(([input]) => (typeof input === 'string' ? input : ''))
      .filter((u) => u.includes('audit'));
    expect(urls).toEqual(['/api/platform/audit-log', '/api/platform/audit-log?before=11']);
  });

  it('says when nothing was recorded yet', async () => {
    stubApi({
      'GET /api/platform/audit-log': () => jsonResponse(200, { entries: [], next_before: null }),
    });
    render();
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
  });
});
