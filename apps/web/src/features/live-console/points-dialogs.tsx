import { SCORE_ADJUSTMENT_MAX } from '@tappa/domain';
import type { GameEvent } from '@tappa/contracts';
import { useState } from 'react';
import { useAdjustPoints, useUndoEvent } from '../../api/live';
import { toasts } from '../../lib/dialogs';
import { useTranslation } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';
import {
  ActionForm,
  NumberField,
  checkedReason,
  ReasonField,
  type TeamDialogProps,
  useActionId,
} from './action-form';
import '../../components/forms.css';

/** 'Punti': points −1000…1000 (not 0) given or taken with a required reason. */
export function PointsDialog({ slug, team, onClose }: TeamDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.pointsDialog' });
  const actionId = useActionId();
  const adjust = useAdjustPoints(slug);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const amount = Number(points.replace('−', '-'));
  const pointsValid =
    /^[-−+]?\d+$/.test(points.trim()) && amount !== 0 && Math.abs(amount) <= SCORE_ADJUSTMENT_MAX;
  const reasonValid = checkedReason(reason);

  function submit() {
    setChecked(true);
    if (!pointsValid || !reasonValid) return;
    const body = { action_id: actionId, points: amount, reason: reasonValid };
    adjust.mutate(
      { gameId: team.game_id, body },
      {
        onSuccess: () => {
          toasts.success(t('done', { points: signedPoints(amount), team: team.team_name }));
          onClose();
        },
      },
    );
  }

  return (
    <ActionForm
      title={t('title', { team: team.team_name })}
      submitLabel={t('submit')}
      isPending={adjust.isPending}
      error={adjust.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <NumberField
        label={t('points')}
        value={points}
        onChange={setPoints}
        error={checked && !pointsValid ? t('pointsInvalid') : null}
      />
      <ReasonField
        label={t('reason')}
        value={reason}
        onChange={setReason}
        error={checked && !reasonValid ? t('reasonRequired') : null}
      />
    </ActionForm>
  );
}

/** Props of `UndoDialog`. */
export interface UndoDialogProps {
  slug: string;
  event: GameEvent;
  onClose: () => void;
}

/** 'Annulla' of a staff adjustment: a confirmation with a required reason. */
export function UndoDialog({ slug, event, onClose }: UndoDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const actionId = useActionId();
  const undo = useUndoEvent(slug);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const reasonValid = checkedReason(reason);

  function submit() {
    setChecked(true);
    if (!reasonValid) return;
    const body = { action_id: actionId, reason: reasonValid };
    undo.mutate(
      { gameId: event.game_id, eventId: event.id, body },
      {
        onSuccess: () => {
          toasts.success(t('undoDialog.done'));
          onClose();
        },
      },
    );
  }

  return (
    <ActionForm
      title={t('undoDialog.title', { team: event.team_name })}
      submitLabel={t('undoDialog.submit')}
      isPending={undo.isPending}
      error={undo.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="live-console__confirm">
        {t('undoDialog.confirm', {
          points: signedPoints(event.points),
          team: event.team_name,
          reason: event.reason ?? '',
        })}
      </p>
      <ReasonField
        label={t('undoDialog.reason')}
        value={reason}
        onChange={setReason}
        error={checked && !reasonValid ? t('pointsDialog.reasonRequired') : null}
      />
    </ActionForm>
  );
}
