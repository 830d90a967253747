import type { AdminStep } from '@tappa/contracts';
import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import { sampleStep } from '../../test/samples';
import { loadedState, stepListReducer } from './step-list-state';
import type { StepListState } from './step-list-state';

const step = (id: string, place: string): AdminStep => sampleStep({ id, place });

const places = (state: StepListState) => state.drafts.map((draft) => draft.place);

describe('stepListReducer', () => {
  const initial = loadedState([step('a', 'A'), step('b', 'B'), step('c', 'C')]);

  it('starts clean with nothing selected', () => {
    expect(initial.selected).toBeNull();
    expect(initial.dirty).toBe(false);
  });

  it('adds a step at the clicked point when none is selected, and selects it', () => {
    const next = stepListReducer(initial, { type: 'mapClick', position: { lat: 41.1, lng: 12.2 } });
    expect(next.drafts).toHaveLength(4);
    expect(next.selected).toBe(3);
    expect(next.drafts[3]).toMatchObject({ lat: '41.1', lng: '12.2', place: '' });
    expect(next.dirty).toBe(true);
  });

  it('moves the selected step to the clicked point', () => {
    const selected = stepListReducer(initial, { type: 'select', index: 1 });
    const next = stepListReducer(selected, {
      type: 'mapClick',
      position: { lat: 45.5, lng: 9.19 },
    });
    expect(next.drafts).toHaveLength(3);
    expect(next.drafts[1]).toMatchObject({ id: 'b', lat: '45.5', lng: '9.19' });
  });

  it('reorders with the selection following its step', () => {
    const selected = stepListReducer(initial, { type: 'select', index: 0 });
    const down = stepListReducer(selected, { type: 'move', index: 0, delta: 1 });
    expect(places(down)).toEqual(['B', 'A', 'C']);
    expect(down.selected).toBe(1);
    expect(stepListReducer(down, { type: 'move', index: 2, delta: 1 })).toBe(down);
  });

  it('moves a dragged step to where it was dropped, the selection following its step', () => {
    const selected = stepListReducer(initial, { type: 'select', index: 1 });
    const last = stepListReducer(selected, { type: 'reorder', from: 0, to: 2 });
    expect(places(last)).toEqual(['B', 'C', 'A']);
    expect(last.selected).toBe(0);
    expect(last.dirty).toBe(true);
    const first = stepListReducer(initial, { type: 'reorder', from: 2, to: 0 });
    expect(places(first)).toEqual(['C', 'A', 'B']);
    expect(first.selected).toBeNull();
    for (const [from, to] of [
      [1, 1],
      [0, 3],
      [-1, 0],
      [5, 0],
    ] as const) {
      expect(stepListReducer(initial, { type: 'reorder', from, to })).toBe(initial);
    }
  });

  it('removes a step and keeps pointing at the same selected step', () => {
    const selected = stepListReducer(initial, { type: 'select', index: 2 });
    const next = stepListReducer(selected, { type: 'remove', index: 0 });
    expect(places(next)).toEqual(['B', 'C']);
    expect(next.selected).toBe(1);
    expect(stepListReducer(next, { type: 'remove', index: 1 }).selected).toBeNull();
  });

  it('places a dragged pin', () => {
    const next = stepListReducer(initial, {
      type: 'place',
      index: 2,
      position: { lat: 1, lng: 2 },
    });
    expect(next.drafts[2]).toMatchObject({ lat: '1', lng: '2' });
  });

  it(`adds no step beyond ${ROUTE_STEPS_MAX}, by the button or on the map`, () => {
    const full = loadedState(
      Array.from({ length: ROUTE_STEPS_MAX }, (_, i) => step(`s${i}`, `P${i}`)),
    );
    expect(stepListReducer(full, { type: 'add' })).toBe(full);
    expect(stepListReducer(full, { type: 'mapClick', position: { lat: 1, lng: 2 } })).toBe(full);
  });
});
