import type { EventClock } from '@tappa/contracts';
import { useEventClock, type EventClockAction } from '../../api/live';
import { useTenantClock } from '../../components/tenant-clock';
import { dialogs, toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `EventClockControls`. */
export interface EventClockControlsProps {
  slug: string;
  routeId: string;
  routeTitle: string;
  event: EventClock;
}

/** The question each action asks first, and the toast once done. */
const TEXTS = {
  pause: { confirm: 'confirmPauseEvent', done: 'pauseEventDone' },
  resume: { confirm: 'confirmResumeEvent', done: 'resumeEventDone' },
  end: { confirm: 'confirmEndEvent', done: 'endEventDone' },
} as const satisfies Record<EventClockAction, { confirm: string; done: string }>;

/**
 * One clock for the event (decision 0085): the route's event times and its pause for everyone,
 * 'Pausa per tutti' / 'Riprendi per tutti' and 'Termina ora', each confirmed first.
 */
export function EventClockControls({ slug, routeId, routeTitle, event }: EventClockControlsProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.route' });
  const { t: tAll } = useTranslation();
  const formatTime = useTenantClock();
  const clock = useEventClock(slug);
  const paused = event.paused_at !== null;
  const hasTimes = event.starts_at !== null || event.ends_at !== null;
  const timeOf = (iso: string | null) => (iso === null ? '…' : formatTime(iso, 'dateTime'));

  async function run(action: EventClockAction) {
    const texts = TEXTS[action];
    if (!(await dialogs.confirm(t(texts.confirm, { route: routeTitle })))) return;
    clock.mutate(
      { routeId, action },
      {
        onSuccess: () => toasts.success(t(texts.done)),
        onError: (error) => toasts.error(errorText(error, tAll)),
      },
    );
  }

  return (
    <div className="live-console__event">
      {hasTimes ? (
        <p className="muted">
          {t('eventTimes', { start: timeOf(event.starts_at), end: timeOf(event.ends_at) })}
        </p>
      ) : null}
      {event.paused_at !== null ? (
        <p className="badge badge--warning" role="status">
          {t('eventPausedSince', { time: formatTime(event.paused_at, 'time') })}
        </p>
      ) : null}
      <div className="live-console__route-actions">
        <button
          type="button"
          className={paused ? 'btn btn--primary' : 'btn'}
          disabled={clock.isPending}
          onClick={() => void run(paused ? 'resume' : 'pause')}
        >
          {paused ? t('resumeEvent') : t('pauseEvent')}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={clock.isPending}
          onClick={() => void run('end')}
        >
          {t('endEvent')}
        </button>
      </div>
    </div>
  );
}
