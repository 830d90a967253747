import { type ClockStyle, formatInstantNamed } from '@tappa/domain';
import { useCallback } from 'react';
import { useTranslation } from './i18n';

export type { ClockStyle } from '@tappa/domain';

/** The zone of the browser's own clock. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What `formatClock` needs besides the instant. */
export interface ClockOptions {
  /** The tenant's zone: every time is shown on its wall clock. */
  timeZone: string;
  style: ClockStyle;
  language: 'it' | 'en';
  /** The viewer's zone (the browser's unless a test says otherwise). */
  viewerZone?: string;
}

/**
 * An instant (ISO text from the API, or a Date) on the tenant's wall clock, the Italian way
 * ('24/11/2026, 13:15'). The zone is named ('13:15 (ora di Roma)') when the viewer's own clock
 * is another zone, so nobody reads a tenant's time as their own (decision 0067).
 */
export function formatClock(instant: string | Date, options: ClockOptions): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const viewerZone = options.viewerZone ?? viewerTimeZone();
  return formatInstantNamed(date, {
    timeZone: options.timeZone,
    style: options.style,
    language: options.language,
    isZoneNamed: viewerZone !== options.timeZone,
  });
}

/** A formatter of instants on `timeZone`'s wall clock, in the interface's language. */
export function useClock(timeZone: string): (instant: string | Date, style: ClockStyle) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (instant: string | Date, style: ClockStyle) =>
      formatClock(instant, { timeZone, style, language }),
    [timeZone, language],
  );
}
