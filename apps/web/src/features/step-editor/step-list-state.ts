import type { AdminStep } from '@tappa/contracts';
import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { draftFromStep, newDraft } from './step-draft';
import type { StepDraft } from './step-draft';

/** The editor's working copy: the ordered drafts, the selected one and whether it changed. */
export interface StepListState {
  drafts: StepDraft[];
  selected: number | null;
  dirty: boolean;
}

/** A point picked on the map. */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** Everything the editor can do to its list. */
export type StepListAction =
  | { type: 'load'; steps: readonly AdminStep[] }
  | { type: 'select'; index: number | null }
  | { type: 'add'; position?: MapPoint }
  | { type: 'update'; index: number; patch: Partial<StepDraft> }
  | { type: 'remove'; index: number }
  | { type: 'move'; index: number; delta: -1 | 1 }
  | { type: 'reorder'; from: number; to: number }
  | { type: 'place'; index: number; position: MapPoint }
  | { type: 'mapClick'; position: MapPoint };

/** The state for freshly loaded (or saved) steps; the selection stays when it still exists. */
export function loadedState(steps: readonly AdminStep[], selected: number | null = null) {
  return {
    drafts: steps.map(draftFromStep),
    selected: selected !== null && selected < steps.length ? selected : null,
    dirty: false,
  } satisfies StepListState;
}

function withDraft(state: StepListState, index: number, patch: Partial<StepDraft>) {
  const current = state.drafts[index];
  if (!current) return state;
  const drafts = state.drafts.slice();
  drafts[index] = { ...current, ...patch };
  return { ...state, drafts, dirty: true };
}

const coordinates = (position: MapPoint): Partial<StepDraft> => ({
  lat: String(position.lat),
  lng: String(position.lng),
});

/** Whether the list holds as many steps as a route may have (the server refuses more). */
export function isStepListFull(drafts: readonly StepDraft[]): boolean {
  return drafts.length >= ROUTE_STEPS_MAX;
}

function add(state: StepListState, position?: MapPoint): StepListState {
  if (isStepListFull(state.drafts)) return state;
  const drafts = [...state.drafts, newDraft(position)];
  return { drafts, selected: drafts.length - 1, dirty: true };
}

/** Moves the step at `from` to position `to` (a drag in the list); the selection follows it. */
function reorder(state: StepListState, from: number, to: number): StepListState {
  const moving = state.drafts[from];
  if (!moving || to < 0 || to >= state.drafts.length || to === from) return state;
  const drafts = state.drafts.filter((_, i) => i !== from);
  drafts.splice(to, 0, moving);
  const selectedDraft = state.selected === null ? undefined : state.drafts[state.selected];
  const selected = selectedDraft ? drafts.indexOf(selectedDraft) : null;
  return { drafts, selected, dirty: true };
}

function remove(state: StepListState, index: number): StepListState {
  if (!state.drafts[index]) return state;
  const drafts = state.drafts.filter((_, i) => i !== index);
  const { selected } = state;
  const next =
    selected === null || selected === index ? null : selected > index ? selected - 1 : selected;
  return { drafts, selected: next, dirty: true };
}

/** Applies one editor action; a map click moves the selected step, or adds one when none is. */
export function stepListReducer(state: StepListState, action: StepListAction): StepListState {
  switch (action.type) {
    case 'load':
      return loadedState(action.steps, state.selected);
    case 'select':
      return { ...state, selected: action.index };
    case 'add':
      return add(state, action.position);
    case 'update':
      return withDraft(state, action.index, action.patch);
    case 'remove':
      return remove(state, action.index);
    case 'move':
      return reorder(state, action.index, action.index + action.delta);
    case 'reorder':
      return reorder(state, action.from, action.to);
    case 'place':
      return withDraft(state, action.index, coordinates(action.position));
    case 'mapClick':
      return state.selected === null
        ? add(state, action.position)
        : withDraft(state, state.selected, coordinates(action.position));
  }
}
