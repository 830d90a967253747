import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

/** A page with an opener button and, once clicked, a modal with one field. */
function Page({
  onClose = vi.fn(),
  closeLabel = 'Close',
}: {
  onClose?: () => void;
  closeLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <table>
      <tbody>
        <tr>
          <td>
            <button type="button" onClick={() => setOpen(true)}>
              Open
            </button>
            {open ? (
              <Modal
                title="Edit route"
                closeLabel={closeLabel || undefined}
                onClose={() => {
                  onClose();
                  setOpen(false);
                }}
              >
                <input aria-label="Title" />
              </Modal>
            ) : null}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, in a portal outside the page, holding the focus', () => {
    const { container } = render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit route' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on × and on Escape, giving the focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open on a click beside the dialog, so typed data is kept', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Roma' } });
    const backdrop = screen.getByRole('dialog').parentElement ?? document.body;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Roma');
  });

  it("adds no landmark of its own: no second banner or contentinfo beside the page's", () => {
    // Portalled to <body>, a <header> or <footer> in the dialog would be a page-level landmark
    // (axe landmark-no-duplicate-banner / -contentinfo, decision 0068).
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit route' });
    expect(dialog.querySelectorAll('header, footer, main, nav, aside')).toHaveLength(0);
    for (const landmark of ['banner', 'contentinfo', 'main', 'navigation', 'complementary']) {
      expect(within(dialog).queryAllByRole(landmark)).toHaveLength(0);
    }
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Edit route' })).toBeTruthy();
  });

  it('has no × without a close label', () => {
    render(<Page closeLabel="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
