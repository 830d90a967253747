import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Notice, useNotice } from './notice';
import type { NoticeMessage } from './notice';

/** Shows `message` when the button is clicked, in a notice lasting 3 s with a dismiss ×. */
function Harness({ message }: { message: NoticeMessage }) {
  const { notice, show, dismiss } = useNotice(3000);
  return (
    <>
      <button type="button" onClick={() => show({ ...message })}>
        Show
      </button>
      <Notice notice={notice} dismissLabel="Dismiss" onDismiss={dismiss} />
    </>
  );
}

describe('Notice', () => {
  it('shows a success in a polite live region and removes it after its time, restarted by a repeat', () => {
    vi.useFakeTimers();
    render(<Harness message={{ kind: 'success', text: 'Saved!' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Saved!');
    expect(status.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    // In a named region of its own: the page's landmarks do not hold it (axe 'region').
    expect(screen.getByRole('region', { name: 'Avvisi' }).contains(status)).toBe(true);

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('Saved!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Saved!')).toBeNull();
  });

  it('keeps an error as an alert until it is dismissed', () => {
    vi.useFakeTimers();
    render(<Harness message={{ kind: 'error', text: 'Failed' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
