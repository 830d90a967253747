/**
 * The number staff read for a step's hint at `index` among its hints after `hint` (decision
 * 0085): the step's own `hint` is hint 1, so the first of the others is 'Suggerimento 2', as the
 * step editor numbers them.
 */
export function hintNumber(index: number): number {
  return index + 2;
}
