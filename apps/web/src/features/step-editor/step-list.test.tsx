import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { newDraft } from './step-draft';
import { StepList } from './step-list';

const FULL_TEXT = `A route can have at most ${ROUTE_STEPS_MAX} steps.`;

function renderList(count: number) {
  const drafts = Array.from({ length: count }, () => newDraft());
  const noop = () => undefined;
  renderWithProviders(
    <StepList
      drafts={drafts}
      selected={null}
      invalid={new Set()}
      onSelect={noop}
      onAdd={noop}
      onMove={noop}
      onReorder={noop}
      onDelete={noop}
    />,
  );
  // By text, not by role: computing roles over hundreds of rows is slow in jsdom.
  return screen.getByText('Add step');
}

describe('StepList', () => {
  it(`offers to add a step below ${ROUTE_STEPS_MAX} steps`, () => {
    expect(renderList(ROUTE_STEPS_MAX - 1)).toHaveProperty('disabled', false);
    expect(screen.queryByText(FULL_TEXT)).toBeNull();
  });

  it(`says why no step can be added at ${ROUTE_STEPS_MAX}`, () => {
    const add = renderList(ROUTE_STEPS_MAX);
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('aria-describedby')).toBe(screen.getByText(FULL_TEXT).id);
  });
});
