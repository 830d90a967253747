import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render-in-router';
import { StaffNotice } from './staff-notice';
import type { StaffEvent } from './use-staff-notice';

/** A judge's decision on a step 2 answer (decision 0083). */
function reviewEvent(
  details: Record<string, string | number | boolean>,
  reason: string | null = null,
): StaffEvent {
  return {
    id: 60,
    kind: 'review',
    points: 0,
    reason,
    details: {
      decision: 'approve',
      item_kind: 'photo',
      step_number: 2,
      step_index: 1,
      reopened: false,
      decided_points: 0,
      ...details,
    },
    at: '2026-05-04T10:30:00.000Z',
  };
}

beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('it'));

describe("a judge's decision in English", () => {
  it.each([
    [{ decision: 'approve' }, null, 'Photo approved'],
    [{ decision: 'points', decided_points: 6 }, null, 'Photo scored: 6 points'],
    [{ decision: 'points', decided_points: 1 }, null, 'Photo scored: 1 point'],
    [{ item_kind: 'text' }, null, 'Answer approved'],
    [{ item_kind: 'text', decision: 'reject' }, 'Too vague', 'Answer rejected: Too vague'],
    [{ item_kind: 'text', decision: 'points', decided_points: 0 }, null, 'Answer scored: 0 points'],
  ])('reads %o (reason %s) as %s', (details, reason, text) => {
    renderWithProviders(
      <StaffNotice event={reviewEvent(details, reason)} onDismiss={vi.fn()} onRetake={vi.fn()} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(text);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);
  });

  it("offers 'Retake the photo' on a reopened step, which leads to its index", () => {
    const onRetake = vi.fn();
    const onDismiss = vi.fn();
    renderWithProviders(
      <StaffNotice
        event={reviewEvent({ decision: 'reject', reopened: true }, 'Blurred')}
        onDismiss={onDismiss}
        onRetake={onRetake}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Photo rejected: Blurred');
    const retake = screen.getByRole('button', { name: 'Retake the photo' });
    expect(document.activeElement).toBe(retake);
    fireEvent.click(retake);
    expect(onRetake).toHaveBeenCalledWith(1);
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

describe('a hint in English (decision 0085)', () => {
  const hintEvent = (points: number, details: StaffEvent['details'], reason: string | null) =>
    ({
      id: 61,
      kind: 'hint',
      points,
      reason,
      details,
      at: '2026-05-04T10:30:00.000Z',
    }) satisfies StaffEvent;

  it.each([
    [
      hintEvent(0, { action: 'give_hint', step_number: 1, hint_index: 0 }, 'Stuck for ages'),
      'A hint for free: Stuck for ages',
    ],
  ])('reads %o as %s', (event, text) => {
    renderWithProviders(<StaffNotice event={event} onDismiss={vi.fn()} onRetake={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain(text);
  });
});
