import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, dialogState, dismissToast, toasts } from '../lib/dialogs';
import { DialogHost } from './dialog-host';
import { Modal } from './modal';
import { SUCCESS_TOAST_MS } from './toast-list';

const QUESTION = 'Sei sicuro di voler eliminare questo codice?';

/** The host beside a button that asks `QUESTION`; the answers land in the returned list. */
function renderAsking() {
  const answers: boolean[] = [];
  render(
    <>
      <button
        type="button"
        onClick={() => void dialogs.confirm(QUESTION).then((answer) => answers.push(answer))}
      >
        Delete
      </button>
      <DialogHost />
    </>,
  );
  return answers;
}

async function ask() {
  const opener = screen.getByRole('button', { name: 'Delete' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole('alertdialog') };
}

afterEach(() => {
  // Nothing left waiting for the next test.
  for (const request of dialogState().confirms) dialogs.answer(request.id, false);
  for (const toast of dialogState().toasts) dismissToast(toast.id);
});

describe('the confirmation', () => {
  it('is a modal alertdialog named by its title, described by the question, focus on Cancel', async () => {
    renderAsking();
    const { dialog } = await ask();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('alertdialog', { name: 'Sei sicuro?' })).toBe(dialog);
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(QUESTION);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annulla' }));
  });

  it('confirms on the confirm button, and the focus goes back to the opener', async () => {
    const answers = renderAsking();
    const { opener, dialog } = await ask();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await vi.waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Escape and on Cancel', async () => {
    const answers = renderAsking();
    const first = await ask();
    fireEvent.keyDown(first.dialog, { key: 'Escape' });
    await vi.waitFor(() => expect(answers).toEqual([false]));
    expect(document.activeElement).toBe(first.opener);
    const second = await ask();
    fireEvent.click(within(second.dialog).getByRole('button', { name: 'Annulla' }));
    await vi.waitFor(() => expect(answers).toEqual([false, false]));
  });

  it('cancels on Escape without closing the modal it was asked from', async () => {
    const onClose = vi.fn();
    render(
      <>
        <Modal title="Payments" onClose={onClose}>
          <p>List</p>
        </Modal>
        <DialogHost />
      </>,
    );
    const answer = dialogs.confirm('Rimborsare?');
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Payments' })).toBeTruthy();
  });

  it('keeps Tab between its two buttons', async () => {
    renderAsking();
    const { dialog } = await ask();
    const [cancel, confirm] = within(dialog).getAllByRole('button');
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });

  it('asks one question at a time, in order', async () => {
    render(<DialogHost />);
    const first = dialogs.confirm('Prima?');
    const second = dialogs.confirm('Seconda?');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Prima?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await expect(first).resolves.toBe(true);
    await vi.waitFor(() =>
      expect(screen.getByRole('alertdialog').textContent).toContain('Seconda?'),
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(second).resolves.toBe(false);
  });
});

describe('the toasts', () => {
  it('announce a success politely and let it go after a while', async () => {
    render(<DialogHost />);
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.childElementCount).toBe(0);
    act(() => toasts.success('Image uploaded successfully!'));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Image uploaded successfully!');
    expect(region?.contains(status)).toBe(true);
    expect(screen.getByRole('region', { name: 'Notifiche' })).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Chiudi avviso' }));
    expect(screen.queryByRole('status')).toBeNull();

    // The drawing is loaded now: the next toast shows at once, its timer on the fake clock.
    vi.useFakeTimers();
    act(() => toasts.success('Scoreboard reset successfully!'));
    expect(screen.getByRole('status').textContent).toContain('Scoreboard reset successfully!');
    act(() => {
      vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('show an error as an alert that stays until dismissed', async () => {
    render(<DialogHost />);
    act(() => toasts.error('Error deleting route: Percorso non trovato'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error deleting route: Percorso non trovato');
    vi.useFakeTimers();
    act(() => {
      vi.advanceTimersByTime(SUCCESS_TOAST_MS * 10);
    });
    expect(screen.getByRole('alert')).toBe(alert);
    vi.useRealTimers();
    fireEvent.click(within(alert).getByRole('button', { name: 'Chiudi avviso' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
