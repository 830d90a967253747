import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { MenuButton, type MenuEntry } from './menu-button';

function renderMenu(entries: MenuEntry[]) {
  return renderInRouter(
    [
      {
        path: '/demo/routes',
        element: (
          <>
            <p>Outside</p>
            <MenuButton label="Altre azioni" entries={entries} />
          </>
        ),
      },
      { path: '/demo/access-codes', element: <h1>Codes page</h1> },
    ],
    '/demo/routes',
  );
}

const toggle = () => screen.getByRole('button', { name: 'Altre azioni' });
const focused = () => document.activeElement?.textContent;

describe('MenuButton', () => {
  it('opens a named menu on the first entry, moves with the arrows, and Escape gives the focus back', () => {
    renderMenu([
      { key: 'a', label: 'Export JSON', onSelect: vi.fn() },
      { key: 'b', label: 'Reset Scoreboard', onSelect: vi.fn() },
      { key: 'c', label: 'Delete', onSelect: vi.fn(), isDanger: true },
    ]);
    expect(toggle().getAttribute('aria-haspopup')).toBe('menu');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Altre azioni' });
    expect(toggle().getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Export JSON',
      'Reset Scoreboard',
      'Delete',
    ]);
    expect(focused()).toBe('Export JSON');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Reset Scoreboard');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Export JSON');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focused()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe('Export JSON');
    fireEvent.keyDown(menu, { key: 'r' });
    expect(focused()).toBe('Reset Scoreboard');

    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());

    // ↑ on the button opens it on the last entry.
    fireEvent.keyDown(toggle(), { key: 'ArrowUp' });
    expect(focused()).toBe('Delete');
  });

  it('runs a chosen entry after closing, skips a disabled one, and closes on a click outside', () => {
    const exportJson = vi.fn(() => {
      // The action runs with the menu closed and the focus back on its button.
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(toggle());
    });
    const remove = vi.fn();
    renderMenu([
      { key: 'a', label: 'Export JSON', onSelect: exportJson },
      { key: 'c', label: 'Delete', onSelect: remove, isDisabled: true },
    ]);
    fireEvent.click(toggle());
    const disabled = screen.getByRole('menuitem', { name: 'Delete' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(disabled);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();

    fireEvent.click(screen.getByRole('menuitem', { name: 'Export JSON' }));
    expect(exportJson).toHaveBeenCalledOnce();

    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    // A click on the button itself toggles it, not the outside listener.
    fireEvent.click(toggle());
    fireEvent.pointerDown(toggle());
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('follows a link entry and closes', async () => {
    const router = renderMenu([
      { key: 'codes', label: 'Codici Accesso', to: '/demo/access-codes' },
    ]);
    fireEvent.click(toggle());
    const link = screen.getByRole('menuitem', { name: 'Codici Accesso' });
    expect(link.getAttribute('href')).toBe('/demo/access-codes');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/demo/access-codes');
    expect(await screen.findByRole('heading', { name: 'Codes page' })).toBeTruthy();
  });
});
