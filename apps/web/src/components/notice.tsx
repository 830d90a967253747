import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../lib/i18n';
import { CloseButton } from './close-button';
import './notice.css';
import './ui.css';

/** A message of the floating notice: a success goes away by itself, an error stays. */
export interface NoticeMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The state of a floating notice: `show` takes a new object each time, so a repeated success
 * gets its full `durationMs` again; `dismiss` clears it.
 */
export function useNotice(durationMs: number) {
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), durationMs);
    return () => clearTimeout(timer);
  }, [notice, durationMs]);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, show: setNotice, dismiss };
}

/** Props of `Notice`. */
export interface NoticeProps {
  notice: NoticeMessage | null;
  /** With both, a × (named `dismissLabel`) clears the message. */
  dismissLabel?: string;
  onDismiss?: () => void;
}

/** The floating message at the top of the page, inside a polite live region that stays mounted. */
export function Notice({ notice, dismissLabel, onDismiss }: NoticeProps) {
  const { t } = useTranslation();
  // A named region: the notice sits outside the page's landmarks (axe 'region').
  return createPortal(
    <div className="floating-notice" aria-live="polite">
      {notice ? (
        <section aria-label={t('shell.notices')}>
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`alert alert--${notice.kind}`}
          >
            <span>{notice.text}</span>
            {dismissLabel && onDismiss ? (
              <CloseButton label={dismissLabel} onClick={onDismiss} />
            ) : null}
          </p>
        </section>
      ) : null}
    </div>,
    document.body,
  );
}
