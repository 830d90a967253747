import { type ClockStyle, formatInstant, showsTimeOfDay, timeZoneLabel } from '@tappa/domain';
import { useCallback } from 'react';
import { useTranslation } from './i18n';

export type { ClockStyle } from '@tappa/domain';

let viewerZone: string | null = null;

/**
 * The zone of the browser's own clock, asked once per page: a formatter made for the question
 * cost milliseconds, once per time shown (50 in the console's feed at each push).
 */
export function viewerTimeZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return viewerZone;
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

/** An instant as shown: the time, and the zone's name when it is to be named (else null). */
export interface ClockParts {
  text: string;
  zone: string | null;
}

/**
 * An instant (ISO text from the API, or a Date) on the tenant's wall clock, the Italian way
 * ('24/11/2026, 13:15'), with the zone's name ('ora di Roma') when the viewer's own clock is
 * another zone and a time of day is shown, so nobody reads a tenant's time as their own
 * (decision 0067).
 */
export function clockParts(instant: string | Date, options: ClockOptions): ClockParts {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return { text: '', zone: null };
  const viewerZone = options.viewerZone ?? viewerTimeZone();
  const text = formatInstant(date, options.timeZone, options.style);
  const isNamed = viewerZone !== options.timeZone && showsTimeOfDay(options.style);
  return { text, zone: isNamed ? timeZoneLabel(options.timeZone, options.language) : null };
}

/** `clockParts` as one text: '13:15 (ora di Roma)'. */
export function formatClock(instant: string | Date, options: ClockOptions): string {
  const { text, zone } = clockParts(instant, options);
  return zone === null ? text : `${text} (${zone})`;
}

/** A formatter of instants on `timeZone`'s wall clock, in the interface's language. */
export function useClock(timeZone: string): (instant: string | Date, style: ClockStyle) => string {
  const parts = useClockParts(timeZone);
  return useCallback(
    (instant: string | Date, style: ClockStyle) => {
      const { text, zone } = parts(instant, style);
      return zone === null ? text : `${text} (${zone})`;
    },
    [parts],
  );
}

/** `clockParts` on `timeZone`'s wall clock, in the interface's language. */
export function useClockParts(
  timeZone: string,
): (instant: string | Date, style: ClockStyle) => ClockParts {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (instant: string | Date, style: ClockStyle) =>
      clockParts(instant, { timeZone, style, language }),
    [timeZone, language],
  );
}
