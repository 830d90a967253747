/**
 * The first step from `from` on (then from the start) that `isOpen` says can still be played, or
 * -1 when none can: where the screen goes after a try is queued or decided.
 */
export function nextOpenIndex<T>(steps: readonly T[], isOpen: (step: T) => boolean, from: number) {
  for (let i = from; i < steps.length; i++) if (isOpen(steps[i] as T)) return i;
  for (let i = 0; i < Math.min(from, steps.length); i++) if (isOpen(steps[i] as T)) return i;
  return -1;
}
