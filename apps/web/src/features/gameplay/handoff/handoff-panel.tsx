import { formatElapsed, HANDOFF_CODE_TTL_MS } from '@tappa/domain';
import { useEffect, useRef, useState } from 'react';
import { handoffTypingAddress, handoffUrl, issueHandoffCode } from '../../../api/handoff';
import { QrCodeImage } from '../../../components/qr-code-image';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';
import { useMutation } from '../../../lib/query';
import { useClock } from '../use-clock';
import './handoff.css';

/** Props of `HandoffPanel`. */
export interface HandoffPanelProps {
  slug: string;
  gameId: string;
  onClose: () => void;
}

/**
 * 'Continua su un altro telefono' (decision 0066): a sheet with a QR code and a 6-character code
 * of this game for the team's other phone, with the minutes it stays valid and a new code once
 * it has expired. Loaded only when opened (the QR encoder stays out of the game screen's chunk).
 */
export function HandoffPanel({ slug, gameId, onClose }: HandoffPanelProps) {
  const { t } = useTranslation();
  const now = useClock();
  // Counted on this phone's clock from the answer, so a phone set to the wrong time still counts
  // down the ten minutes the server gives.
  const [validUntilMs, setValidUntilMs] = useState(0);
  const issue = useMutation({
    mutationFn: () => issueHandoffCode(slug, gameId),
    onSuccess: () => setValidUntilMs(Date.now() + HANDOFF_CODE_TTL_MS),
  });
  const { mutate } = issue;
  const asked = useRef(false);
  useEffect(() => {
    // Once per opening (strict mode mounts twice): every code counts against the game's limit.
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const code = issue.data?.code;
  const leftMs = validUntilMs - now;
  const expired = code !== undefined && leftMs <= 0;
  return (
    <div
      className="player-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="player-sheet handoff"
        role="dialog"
        aria-modal="true"
        aria-labelledby="handoff-title"
        tabIndex={-1}
      >
        <h2 id="handoff-title" className="player-subtitle">
          {t('handoff.title')}
        </h2>
        {issue.isPending && (
          <p className="player-muted" role="status">
            {t('handoff.creating')}
          </p>
        )}
        {issue.isError && (
          <p className="player-alert" role="alert">
            {errorText(issue.error, t)}
          </p>
        )}
        {code !== undefined && !expired && (
          <>
            <p className="handoff__intro">{t('handoff.intro')}</p>
            <p className="handoff__address">{handoffTypingAddress(window.location.host, slug)}</p>
            <QrCodeImage
              className="handoff__qr"
              text={handoffUrl(window.location.origin, slug, code)}
              alt={t('handoff.qrAlt')}
              failedText={t('handoff.qrFailed')}
            />
            <p className="handoff__code-row">
              <span className="player-muted">{t('handoff.code')}</span>
              <strong className="handoff__code" data-testid="handoff-code">
                {code}
              </strong>
            </p>
            <p className="player-muted handoff__valid" role="timer">
              {t('handoff.validFor', { time: formatElapsed(leftMs) })}
            </p>
            <p className="player-muted">{t('handoff.bothPlay')}</p>
          </>
        )}
        {expired && <p className="player-alert">{t('handoff.expired')}</p>}
        {(expired || issue.isError) && (
          <button type="button" className="player-button" onClick={() => mutate()}>
            {t('handoff.newCode')}
          </button>
        )}
        <button className="player-button player-button--secondary" type="button" onClick={onClose}>
          {t('handoff.close')}
        </button>
      </div>
    </div>
  );
}
