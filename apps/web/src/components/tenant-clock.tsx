import { type ClockStyle, useClock, useClockParts } from '../lib/clock';
import { useTenantTimeZone } from './tenant-time-zone';
import './tenant-clock.css';

export { useTenantTimeZone } from './tenant-time-zone';

/** A formatter of instants on the tenant's wall clock (`useTenantTimeZone`), zone named where needed. */
export function useTenantClock(): (instant: string | Date, style: ClockStyle) => string {
  return useClock(useTenantTimeZone());
}

/**
 * An instant from the API on the tenant's wall clock, machine-readable too; a named zone goes
 * on a line of its own, so a table's time column stays narrow.
 */
export function TenantTime({ iso, style }: { iso: string; style: ClockStyle }) {
  const { text, zone } = useClockParts(useTenantTimeZone())(iso, style);
  return (
    <time dateTime={iso}>
      {text}
      {zone === null ? null : <span className="clock-zone"> ({zone})</span>}
    </time>
  );
}
