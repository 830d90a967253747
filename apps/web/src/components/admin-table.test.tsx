import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminTable } from './admin-table';

/** A ResizeObserver that reports once as it starts observing, as the browser's does. */
class ReportingObserver {
  constructor(private readonly report: () => void) {}
  observe() {
    this.report();
  }
  disconnect = vi.fn();
}

function renderTable() {
  return render(
    <AdminTable label="Audit Log" columns={['When', 'Who']}>
      <tr>
        <td>oggi</td>
        <td>io</td>
      </tr>
    </AdminTable>,
  );
}

describe('AdminTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds no tab stop while the table fits its box', () => {
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
  });

  it('is named by its label', () => {
    renderTable();
    expect(screen.getByRole('table', { name: 'Audit Log' })).toBeDefined();
  });

  it('is a named region in the tab order while it scrolls, so a keyboard can scroll it', () => {
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    renderTable();
    const box = screen.getByRole('region', { name: 'Tabella: Audit Log' });
    expect(box.tabIndex).toBe(0);
    expect(box.contains(screen.getByRole('table'))).toBe(true);
  });
});
