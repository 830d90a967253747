import { STUCK_AFTER_MINUTES_MAX } from '@tappa/domain';
import type { RouteLiveState } from '@tappa/contracts';
import { useState, type FormEvent } from 'react';
import { fetchLedgerCsv, useFreezeRoute, useRouteLiveSettings } from '../../api/live';
import { useTenantClock } from '../../components/tenant-clock';
import { dialogs, toasts } from '../../lib/dialogs';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { AlbumButton } from './album-button';
import { EventClockControls } from './event-clock-controls';

/** Props of `RoutePanel`. */
export interface RoutePanelProps {
  slug: string;
  routeId: string;
  routeSlug: string;
  routeTitle: string;
  state: RouteLiveState;
}

/**
 * The selected route's live controls: 'Congela classifica' / 'Rivela' (confirmed), the event's
 * 'Pausa per tutti' and 'Termina ora' (confirmed), the minutes after which a team counts as
 * stuck, 'Scarica registro (CSV)' and 'Scarica album foto'.
 */
export function RoutePanel({ slug, routeId, routeSlug, routeTitle, state }: RoutePanelProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.route' });
  const { t: tAll } = useTranslation();
  const formatTime = useTenantClock();
  const freeze = useFreezeRoute(slug);
  const settings = useRouteLiveSettings(slug);
  const [minutes, setMinutes] = useState(String(state.stuck_after_minutes));
  const [isDownloading, setIsDownloading] = useState(false);
  const minutesValue = Number(minutes);
  const minutesValid =
    /^\d+$/.test(minutes.trim()) && minutesValue >= 1 && minutesValue <= STUCK_AFTER_MINUTES_MAX;
  const frozen = state.frozen_at !== null;

  async function toggleFreeze() {
    if (!(await dialogs.confirm(frozen ? t('confirmReveal') : t('confirmFreeze')))) return;
    freeze.mutate(
      { routeId, frozen: !frozen },
      {
        onSuccess: () => toasts.success(frozen ? t('revealDone') : t('freezeDone')),
        onError: (error) => toasts.error(errorText(error, tAll)),
      },
    );
  }

  function saveMinutes(event: FormEvent) {
    event.preventDefault();
    if (!minutesValid) return;
    settings.mutate(
      { routeId, body: { stuck_after_minutes: minutesValue } },
      {
        onSuccess: () => toasts.success(t('stuckSaved')),
        onError: (error) => toasts.error(errorText(error, tAll)),
      },
    );
  }

  async function downloadCsv() {
    setIsDownloading(true);
    try {
      saveBlob(await fetchLedgerCsv(slug, routeId), `registro-${routeSlug}.csv`);
    } catch (error) {
      toasts.error(errorText(error, tAll));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <section className="panel live-console__route" aria-label={t('freeze')}>
      {frozen && state.frozen_at ? (
        <p className="badge badge--warning live-console__frozen" role="status">
          {t('frozenSince', { when: formatTime(state.frozen_at, 'time') })}
        </p>
      ) : null}
      <div className="live-console__route-actions">
        <button
          type="button"
          className={frozen ? 'btn btn--primary' : 'btn'}
          disabled={freeze.isPending}
          onClick={() => void toggleFreeze()}
        >
          {frozen ? t('reveal') : t('freeze')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={isDownloading}
          onClick={() => void downloadCsv()}
        >
          {t('csv')}
        </button>
        <AlbumButton slug={slug} routeId={routeId} />
      </div>
      <EventClockControls
        slug={slug}
        routeId={routeId}
        routeTitle={routeTitle}
        event={state.event}
      />
      <form className="live-console__stuck" noValidate onSubmit={saveMinutes}>
        <label className="field__label">
          {t('stuckMinutes')}
          <input
            className="input live-console__stuck-input"
            inputMode="numeric"
            value={minutes}
            aria-invalid={minutesValid ? undefined : true}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </label>
        {minutesValid ? null : <p className="form-field__error">{t('stuckInvalid')}</p>}
        <button type="submit" className="btn btn--small" disabled={settings.isPending}>
          {t('saveStuck')}
        </button>
      </form>
    </section>
  );
}
