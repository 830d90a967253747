import type { AdminStep, GameEvent } from '@tappa/contracts';

/** A hint staff may give a team free: its step, its place among the step's hints, its cost. */
export interface HintChoice {
  /** The option's value: the step id and the hint's index. */
  key: string;
  stepId: string;
  /** From 0, among the step's hints after its `hint`: what `live.help` names. */
  hintIndex: number;
  /** The step's number (from 1) and place, as '3. Pantheon'. */
  step: string;
  cost: number;
}

const keyOf = (stepId: string, hintIndex: number) => `${stepId}:${hintIndex}`;

/**
 * The keys of the hints a game has, from its ledger: every take writes a `hint` entry naming its
 * step and `hint_index`, the team's own and the staff's free ones alike (decision 0085).
 */
export function takenHintKeys(entries: readonly GameEvent[]): Set<string> {
  const taken = new Set<string>();
  for (const entry of entries) {
    const index = entry.details?.hint_index;
    if (entry.kind === 'hint' && entry.step && typeof index === 'number') {
      taken.add(keyOf(entry.step.id, index));
    }
  }
  return taken;
}

/**
 * The hints of a route's `steps` a team does not have yet: those of its current step (at
 * `currentIndex`) first, where a stuck team most likely needs one, then the others in step order.
 */
export function hintChoices(
  steps: readonly AdminStep[],
  currentIndex: number,
  entries: readonly GameEvent[],
): HintChoice[] {
  const taken = takenHintKeys(entries);
  const current = steps[currentIndex];
  const ordered = current ? [current, ...steps.filter((step) => step !== current)] : steps;
  return ordered.flatMap((step) => {
    const label = `${steps.indexOf(step) + 1}. ${step.place}`;
    return step.hints.flatMap((hint, hintIndex) => {
      const key = keyOf(step.id, hintIndex);
      if (taken.has(key)) return [];
      return [{ key, stepId: step.id, hintIndex, step: label, cost: hint.cost }];
    });
  });
}
