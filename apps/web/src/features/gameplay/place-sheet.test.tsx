import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { StepPlaceSheet } from './place-sheet';

const noop = () => undefined;

describe('StepPlaceSheet', () => {
  it('shows the street address under the place when the step has one', () => {
    renderWithProviders(
      <StepPlaceSheet
        place="Fontana di Trevi"
        address="Piazza di Trevi, 00187 Roma"
        lat={41.9}
        lng={12.48}
        onClose={noop}
      />,
    );
    const sheet = screen.getByRole('dialog', { name: 'Luogo della tappa' });
    const lines = within(sheet)
      .getAllByRole('paragraph')
      .map((p) => p.textContent);
    expect(lines).toEqual(['Fontana di Trevi', 'Piazza di Trevi, 00187 Roma']);
  });

  it('shows the place alone, as before, without an address', () => {
    renderWithProviders(
      <StepPlaceSheet place="Pantheon" address={null} lat={41.9} lng={12.48} onClose={noop} />,
    );
    const sheet = screen.getByRole('dialog', { name: 'Luogo della tappa' });
    expect(
      within(sheet)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Pantheon']);
  });
});
