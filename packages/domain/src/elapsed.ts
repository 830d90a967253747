const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Formats a duration as m:ss below one hour and h:mm:ss from one hour, floored to whole seconds. */
export function formatElapsed(elapsedMs: number): string {
  // Negative or non-finite durations show as zero.
  const totalS = Number.isFinite(elapsedMs) && elapsedMs > 0 ? Math.floor(elapsedMs / 1000) : 0;
  const hours = Math.floor(totalS / 3600);
  const minutes = Math.floor((totalS % 3600) / 60);
  const seconds = totalS % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${minutes}:${pad2(seconds)}`;
}
