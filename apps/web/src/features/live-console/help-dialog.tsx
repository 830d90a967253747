import { TIME_EXTENSION_MAX_MINUTES, type HelpAction } from '@tappa/domain';
import type { GameEvent, LiveTeam } from '@tappa/contracts';
import { useState } from 'react';
import { useGameLedger, useHelpTeam } from '../../api/live';
import { useRouteSteps } from '../../api/steps';
import { Field } from '../../components/form-field';
import { toasts } from '../../lib/dialogs';
import { hintNumber } from '../../lib/hint-number';
import { useTranslation } from '../../lib/i18n';
import {
  ActionForm,
  NumberField,
  checkedReason,
  ReasonField,
  type TeamDialogProps,
  useActionId,
} from './action-form';
import { hintChoices, type HintChoice } from './hint-choices';
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

/** What a help action may name, and why it could not be read. */
interface StepChoices {
  choices: { id: string; label: string }[];
  currentStep: { id: string; label: string } | null;
  /** `give_hint` only, once read: the hints the team does not have, the current step's first. */
  hints?: HintChoice[];
  loadError: unknown;
}

/**
 * The step choices of a help action that names one (reopen: the skipped ones; move: all), the id
 * of the team's current step (skip names it, so that two staff never skip two steps) and the
 * hints the team may be given (once the steps and the ledger are read).
 */
function useStepChoices(slug: string, team: LiveTeam, action: HelpAction): StepChoices {
  const needsLedger = action === 'reopen_step' || action === 'give_hint';
  const ledger = useGameLedger(slug, needsLedger ? team.game_id : '');
  const needsSteps = action === 'move_to_step' || action === 'skip_step' || action === 'give_hint';
  const steps = useRouteSteps(slug, needsSteps ? team.route.id : '');
  const current = steps.data?.[team.current_step_index];
  const currentStep = current
    ? { id: current.id, label: `${team.current_step_index + 1}. ${current.place}` }
    : null;
  const loadError = steps.error ?? ledger.error;
  if (action === 'reopen_step') {
    return { choices: skippedSteps(ledger.data?.entries ?? []), currentStep, loadError };
  }
  if (action === 'move_to_step') {
    const choices = (steps.data ?? []).map((step, index) => ({
      id: step.id,
      label: `${index + 1}. ${step.place}`,
    }));
    return { choices, currentStep, loadError };
  }
  if (action === 'give_hint' && steps.data && ledger.data) {
    const hints = hintChoices(steps.data, team.current_step_index, ledger.data.entries);
    return { choices: [], currentStep, hints, loadError };
  }
  return { choices: [], currentStep, loadError };
}

/** Props of `HelpDialog`. */
export interface HelpDialogProps extends TeamDialogProps {
  action: HelpAction;
}

/**
 * A help action for a stuck team, its own confirmation: it names the team and the current step,
 * asks for the step it concerns (reopen, move), the hint to give free or the minutes (extend) and
 * a required reason.
 */
export function HelpDialog({ slug, team, action, onClose }: HelpDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const actionId = useActionId();
  const help = useHelpTeam(slug);
  const { choices, currentStep, hints, loadError } = useStepChoices(slug, team, action);
  const [stepId, setStepId] = useState('');
  const [hintKey, setHintKey] = useState('');
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const needsStep = action === 'reopen_step' || action === 'move_to_step';
  const chosenStep = stepId || choices[0]?.id || '';
  const chosenHint = hints?.find((hint) => hint.key === hintKey) ?? hints?.[0] ?? null;
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
    if (action === 'give_hint' && !chosenHint) return;
    const body = {
      action_id: actionId,
      action,
      step_id: needsStep ? chosenStep : action === 'skip_step' ? (currentStep?.id ?? null) : null,
      minutes: action === 'extend_time' ? minutesValue : null,
      reason: reasonValid,
      // A hint is named by its step and its index (the other actions send no `hint_index`).
      ...(chosenHint ? { step_id: chosenHint.stepId, hint_index: chosenHint.hintIndex } : {}),
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
      error={help.error ?? loadError}
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
      {action === 'give_hint' && hints ? (
        hints.length === 0 ? (
          <p className="muted">{t('helpDialog.noHints')}</p>
        ) : (
          <Field label={t('helpDialog.chooseHint')} required>
            {(control) => (
              <select
                {...control}
                value={chosenHint?.key ?? ''}
                onChange={(event) => setHintKey(event.target.value)}
              >
                {hints.map((hint) => (
                  <option key={hint.key} value={hint.key}>
                    {t('helpDialog.hintChoice', {
                      step: hint.step,
                      n: hintNumber(hint.hintIndex),
                      count: hint.cost,
                    })}
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
