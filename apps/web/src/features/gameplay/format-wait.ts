/**
 * A wait as the phone shows it (whole seconds, rounded up): '2:30' and '1:04:05' for a hint,
 * '04:12' for the event's countdown (`minuteDigits` 2, as a clock reads).
 */
export function formatWait(ms: number, minuteDigits: 1 | 2 = 1): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const ss = String(s).padStart(2, '0');
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${ss}`
    : `${String(m).padStart(minuteDigits, '0')}:${ss}`;
}
