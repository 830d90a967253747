import type { EventClock } from '@tappa/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTenantTimeZone } from '../../components/tenant-time-zone';
import { useClock as useTimeFormat } from '../../lib/clock';
import { useTranslation } from '../../lib/i18n';
import { formatWait } from './format-wait';
import { useClock } from './use-clock';
import '../../lib/event-texts';

/** Props of `EventHold`. */
export interface EventHoldProps {
  event: EventClock;
  /** Reads the game again: its event has just started. */
  onStart: () => void;
  /** The step, shown while the event neither waits nor stands paused. */
  children: ReactNode;
}

/**
 * The step behind the route's event clock (decision 0085): before the start a countdown ('Si
 * parte tra 04:12'), during a pause for everyone a notice; else the step. At the start the game is
 * read again, so that its clock and first step come from the server. Loaded only on a route with
 * an event clock, with its texts (the game screen's first-load budget).
 */
export function EventHold({ event, onStart, children }: EventHoldProps) {
  const { t } = useTranslation();
  // The tenant's clock, as every time the app shows (not `useTenantClock`: its styles would load).
  const formatTime = useTimeFormat(useTenantTimeZone());
  const nowMs = useClock();
  const startsAtMs = event.starts_at === null ? null : Date.parse(event.starts_at);
  const isWaiting = startsAtMs !== null && nowMs < startsAtMs;
  const wasWaiting = useRef(isWaiting);
  // Runs after every render, but calls `onStart` only once: when the wait has just ended.
  useEffect(() => {
    if (wasWaiting.current && !isWaiting) onStart();
    wasWaiting.current = isWaiting;
  }, [isWaiting, onStart]);

  // Nothing can be played during a pause, not even the start: the pause shows first.
  if (event.paused_at !== null) {
    return (
      <section className="player-card player-message" role="status">
        <p className="player-title">{t('event.paused')}</p>
        <p className="player-muted">{t('event.pausedHint')}</p>
      </section>
    );
  }
  if (isWaiting && event.starts_at !== null) {
    return (
      <section className="player-card player-message">
        <p className="player-title">
          {t('event.startsIn', { time: formatWait(startsAtMs - nowMs, 2) })}
        </p>
        <p className="player-muted">
          {t('event.startsAt', { time: formatTime(event.starts_at, 'time') })}
        </p>
      </section>
    );
  }
  return children;
}

export default EventHold;
