import type { ReviewItem } from '@tappa/contracts';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RejectChooser, REASON_TEMPLATES } from './reject-chooser';
import type { QueueView } from './review-actions';
import { ShortcutButton } from './shortcut-button';
import { useReviewKeys } from './use-review-keys';

/** Props of `ReviewDesk`. */
export interface ReviewDeskProps {
  view: QueueView;
  /** 'pending': → skips in the queue and U undoes the last decision; 'decided': U the shown one. */
  mode: 'pending' | 'decided';
}

/** The queue's desk: the item shown (or why none is), its problem, and the judge's moves. */
export function ReviewDesk({ view, mode }: ReviewDeskProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  const { t: tAll } = useTranslation();
  const problem = view.problem ? (
    <p role="alert" className="alert alert--error review-desk__problem">
      {errorText(view.problem, tAll)}
    </p>
  ) : null;
  if (!view.item) {
    return (
      <div className="review-desk review-desk--empty">
        {problem}
        <p className="review-desk__empty" role="status">
          {view.loading ? t('loading') : t(mode === 'pending' ? 'empty' : 'emptyDecided')}
        </p>
        <ItemMoves view={view} mode={mode} item={null} />
      </div>
    );
  }
  // A desk per item: the points typed, the chooser and 'Mostra squadra' start afresh.
  return <ItemDesk key={view.item.id} view={view} mode={mode} item={view.item} problem={problem} />;
}

/** One item on the desk with its keys. */
function ItemDesk({
  view,
  mode,
  item,
  problem,
}: ReviewDeskProps & { item: ReviewItem; problem: React.ReactNode }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  const [digits, setDigits] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  const [showTeam, setShowTeam] = useState(false);
  const [fullSize, setFullSize] = useState(false);
  // Keys wait for nothing: a move sent while another runs is dropped by the queue.
  const open = item.status === 'pending';
  const scores = item.max_points > 0;

  const typeDigit = (digit: string) => {
    const next = String(Number(digits + digit));
    if (Number(next) <= item.max_points) setDigits(next);
  };
  const givePoints = () => {
    if (digits !== '') view.decide({ decision: 'points', points: Number(digits) });
  };
  const confirmReject = () => {
    const typed = reason?.trim() ?? '';
    if (typed !== '') view.decide({ decision: 'reject', reason: typed });
  };

  useReviewKeys((key) => {
    if (reason !== null) {
      const template = REASON_TEMPLATES[Number(key) - 1];
      if (/^[1-4]$/.test(key) && template) setReason(t(`chooser.templates.${template}`));
      else if (key === 'Enter') confirmReject();
      else if (key === 'Escape') setReason(null);
      else return false;
      return true;
    }
    if (/^[0-9]$/.test(key) && open && scores) typeDigit(key);
    else if (key === 'Enter' && digits !== '') givePoints();
    else if (key === 'Backspace' && digits !== '') setDigits(digits.slice(0, -1));
    else if (key === 'Escape' && digits !== '') setDigits('');
    else if ((key === 'a' || key === 'A') && open) view.decide({ decision: 'approve' });
    else if ((key === 'r' || key === 'R') && open) setReason('');
    else return moveKey(view, key);
    return true;
  });

  const photo = item.photo_url ? (fullSize ? fullUrl(item.photo_url) : item.photo_url) : null;
  return (
    <div className="review-desk">
      <figure className="review-desk__media">
        {photo ? (
          <img
            className="review-desk__photo"
            src={photo}
            alt={t('photoAlt', { number: item.step.number })}
          />
        ) : (
          <blockquote className="review-desk__answer">
            <p className="review-desk__label">{t('answer')}</p>
            <p className="review-desk__answer-text">{item.answer}</p>
            {item.example_answer ? (
              <p className="muted">
                {t('example')}: {item.example_answer}
              </p>
            ) : null}
          </blockquote>
        )}
      </figure>
      <aside className="review-desk__side">
        {problem}
        <ItemDetails item={item} showTeam={showTeam} />
        <div className="review-desk__tools">
          {!showTeam ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setShowTeam(true)}
            >
              {t('showTeam')}
            </button>
          ) : null}
          {item.photo_url && !fullSize ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setFullSize(true)}
            >
              {t('fullSize')}
            </button>
          ) : null}
        </div>
        {reason !== null ? (
          <RejectChooser
            reason={reason}
            onReasonChange={setReason}
            onConfirm={confirmReject}
            onCancel={() => setReason(null)}
          />
        ) : (
          <div className="review-desk__decisions" aria-label={t('actions')} role="group">
            <ShortcutButton
              label={t('approve')}
              shortcut="A"
              disabled={!open || view.busy}
              onClick={() => view.decide({ decision: 'approve' })}
            />
            <ShortcutButton
              label={t('reject')}
              shortcut="R"
              variant="danger"
              disabled={!open || view.busy}
              onClick={() => setReason('')}
            />
            {scores ? (
              <PointsInput
                digits={digits}
                max={item.max_points}
                disabled={!open || view.busy}
                onDigitsChange={setDigits}
                onGive={givePoints}
              />
            ) : null}
          </div>
        )}
        <ItemMoves view={view} mode={mode} item={item} />
      </aside>
    </div>
  );
}

/** The keys that move through the items: → ← and U (a move while another runs is dropped). */
function moveKey(view: QueueView, key: string): boolean {
  if (key === 'ArrowRight') view.forward();
  else if (key === 'ArrowLeft') view.back();
  else if (key === 'u' || key === 'U') view.undo();
  else return false;
  return true;
}

/** The photo's full-size address (`size=phone` → `size=full`). */
function fullUrl(url: string): string {
  return url.replace('size=phone', 'size=full');
}

/** The step, the points and, once revealed, the team; a decided item's decision. */
function ItemDetails({ item, showTeam }: { item: ReviewItem; showTeam: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  return (
    <div className="review-desk__details">
      <p className="muted">{item.route.title}</p>
      <h2 className="review-desk__step">
        {t('stepOf', { number: item.step.number, place: item.step.place })}
      </h2>
      <p className="review-desk__task">
        <span className="review-desk__label">{t('task')}</span> {item.step.task}
      </p>
      <p>
        {t('provisional', { points: item.provisional_points })} ·{' '}
        {t('max', { points: item.max_points })}
      </p>
      {showTeam ? <p className="review-desk__team">{t('team', { team: item.team_name })}</p> : null}
      <p className={item.status === 'pending' ? 'badge' : 'badge badge--success'}>
        {t(`statuses.${item.status}`, {
          reason: item.reason ?? '',
          points: item.decided_points ?? 0,
        })}
      </p>
      {item.decided_by_email ? (
        <p className="muted">{t('decidedBy', { email: item.decided_by_email })}</p>
      ) : null}
    </div>
  );
}

/** The points typed (by keys or in the field) and 'Dai punti'. */
function PointsInput(props: {
  digits: string;
  max: number;
  disabled: boolean;
  onDigitsChange: (digits: string) => void;
  onGive: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  return (
    <div className="review-desk__points">
      <p className="review-desk__points-value" aria-live="polite">
        {props.digits === ''
          ? t('pointsHint')
          : t('points', { points: props.digits, max: props.max })}
      </p>
      <input
        className="field__input review-desk__points-input"
        inputMode="numeric"
        aria-label={t('pointsLabel', { max: props.max })}
        value={props.digits}
        disabled={props.disabled}
        onChange={(event) => {
          const value = event.target.value.replace(/\D/g, '');
          if (value === '' || Number(value) <= props.max) {
            props.onDigitsChange(value === '' ? '' : String(Number(value)));
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            props.onGive();
          }
        }}
      />
      <ShortcutButton
        label={t('givePoints')}
        shortcut={`${t('keys.digits')} ${t('keys.enter')}`}
        disabled={props.disabled || props.digits === ''}
        onClick={props.onGive}
      />
    </div>
  );
}

/** ← → and U, as buttons. */
function ItemMoves({ view, mode, item }: ReviewDeskProps & { item: ReviewItem | null }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  return (
    <div className="review-desk__moves">
      <ShortcutButton
        label={t('previous')}
        shortcut="←"
        variant="secondary"
        disabled={view.busy || !view.canBack}
        onClick={view.back}
      />
      <ShortcutButton
        label={t(mode === 'pending' ? 'skip' : 'next')}
        shortcut="→"
        variant="secondary"
        disabled={view.busy || (mode === 'decided' && item === null)}
        onClick={view.forward}
      />
      <ShortcutButton
        label={t(mode === 'pending' ? 'undo' : 'undoShown')}
        shortcut="U"
        variant="secondary"
        disabled={view.busy || !view.canUndo}
        onClick={view.undo}
      />
    </div>
  );
}
