import { TIME_EXTENSION_MAX_MINUTES, type HelpAction } from '@tappa/domain';
import type { GameEvent, LiveTeam } from '@tappa/contracts';
import { useState } from 'react';
import { useGameLedger, useHelpTeam } from '../../api/live';
import { useRouteSteps } from '../../api/steps';
import { Field } from '../../components/form-field';
import { toasts } from '../../lib/dialogs';
import { useTranslation } from '../../lib/i18n';
import {
  ActionForm,
  NumberField,
  checkedReason,
  ReasonField,
  type TeamDialogProps,
  useActionId,
} from './action-form';
import '../../components/forms.css';

/** The steps a team skipped and has not been sent back to, from its ledger. */
export function skippedSteps(entries: readonly GameEvent[]): { id: string; label: string }[] {
  const open = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.step) continue;
    const action = entry.details?.action;
    const label = `${entry.step.number}. ${entry.step.place}`;
    if (entry.kind === 'skip' || (entry.kind === 'help' && action === 'skip_step')) {
      open.set(entry.step.id, label);
    } else if (entry.kind === 'help' && action === 'reopen_step') {
      open.delete(entry.step.id);
    }
  }
  return [...open].map(([id, label]) => ({ id, label }));
}

/**
 * The step choices of a help action that names one (reopen: the skipped ones; move: all), and the
 * id of the team's current step (skip names it, so that two staff never skip two steps).
 */
function useStepChoices(slug: string, team: LiveTeam, action: HelpAction) {
  const ledger = useGameLedger(slug, action === 'reopen_step' ? team.game_id : '');
  const needsSteps = action === 'move_to_step' || action === 'skip_step';
  const steps = useRouteSteps(slug, needsSteps ? team.route.id : '');
  const current = steps.data?.[team.current_step_index];
  const currentStep = current
    ? { id: current.id, label: `${team.current_step_index + 1}. ${current.place}` }
    : null;
  if (action === 'reopen_step')
    return { choices: skippedSteps(ledger.data?.entries ?? []), currentStep };
  if (action === 'move_to_step') {
    const choices = (steps.data ?? []).map((step, index) => ({
      id: step.id,
      label: `${index + 1}. ${step.place}`,
    }));
    return { choices, currentStep };
  }
  return { choices: [], currentStep };
}

/** Props of `HelpDialog`. */
export interface HelpDialogProps extends TeamDialogProps {
  action: HelpAction;
}

/**
 * A help action for a stuck team, its own confirmation: it names the team and the current step,
 * asks for the step it concerns (reopen, move) or the minutes (extend) and a required reason.
 */
export function HelpDialog({ slug, team, action, onClose }: HelpDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const actionId = useActionId();
  const help = useHelpTeam(slug);
  const { choices, currentStep } = useStepChoices(slug, team, action);
  const [stepId, setStepId] = useState('');
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const needsStep = action === 'reopen_step' || action === 'move_to_step';
  const chosenStep = stepId || choices[0]?.id || '';
  const minutesValue = Number(minutes);
  const minutesValid =
    action !== 'extend_time' ||
    (/^\d+$/.test(minutes.trim()) &&
      minutesValue >= 1 &&
      minutesValue <= TIME_EXTENSION_MAX_MINUTES);
  const reasonValid = checkedReason(reason);
  const actionName = t(`actions.${action}`);
  const stepName =
    team.current_place === null
      ? '—'
      : `${team.current_step_index + 1}/${team.step_count} ${team.current_place}`;

  function submit() {
    setChecked(true);
    if (!reasonValid || !minutesValid || (needsStep && !chosenStep)) return;
    if (action === 'skip_step' && !currentStep) return;
    const body = {
      action_id: actionId,
      action,
      step_id: needsStep ? chosenStep : action === 'skip_step' ? (currentStep?.id ?? null) : null,
      minutes: action === 'extend_time' ? minutesValue : null,
      reason: reasonValid,
    };
    help.mutate(
      { gameId: team.game_id, body },
      {
        onSuccess: () => {
          toasts.success(t('helpDialog.done', { action: actionName, team: team.team_name }));
          onClose();
        },
      },
    );
  }

  return (
    <ActionForm
      title={t('helpDialog.title', { action: actionName, team: team.team_name })}
      submitLabel={t('helpDialog.submit')}
      isPending={help.isPending}
      error={help.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="live-console__confirm">
        {t('helpDialog.confirm', { action: actionName, team: team.team_name, step: stepName })}
      </p>
      {action === 'skip_step' && currentStep ? (
        <p className="muted">{t('helpDialog.currentStep', { step: currentStep.label })}</p>
      ) : null}
      {needsStep ? (
        choices.length === 0 && action === 'reopen_step' ? (
          <p className="muted">{t('helpDialog.noSkipped')}</p>
        ) : (
          <Field label={t('helpDialog.chooseStep')} required>
            {(control) => (
              <select
                {...control}
                value={chosenStep}
                onChange={(event) => setStepId(event.target.value)}
              >
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )
      ) : null}
      {action === 'extend_time' ? (
        <NumberField
          label={t('helpDialog.minutes')}
          value={minutes}
          onChange={setMinutes}
          error={checked && !minutesValid ? t('helpDialog.minutesInvalid') : null}
        />
      ) : null}
      <ReasonField
        label={t('pointsDialog.reason')}
        value={reason}
        onChange={setReason}
        error={checked && !reasonValid ? t('pointsDialog.reasonRequired') : null}
      />
    </ActionForm>
  );
}
