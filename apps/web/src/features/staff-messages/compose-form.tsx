import { MESSAGE_AUDIENCES, MESSAGE_MAX_LENGTH, timeZoneLabel } from '@tappa/domain';
import { useState, type FormEvent } from 'react';
import { useRouteList } from '../../api/routes';
import { useSendMessage } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { ChoiceGroup, Field } from '../../components/form-field';
import { FormActions } from '../../components/form-actions';
import { useTenantTimeZone } from '../../components/tenant-clock';
import { toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import {
  composeRequest,
  EMPTY_COMPOSE,
  type ComposeErrors,
  type ComposeValues,
  type GameTarget,
} from './compose-values';
import { TeamPicker } from './team-picker';
import '../../components/forms.css';

/** Props of `ComposeForm`. */
export interface ComposeFormProps {
  slug: string;
  /** A game of the live console: the form writes to its team ('Una squadra', `game_id`). */
  game?: GameTarget | null;
  /** After a message went (or was scheduled). */
  onSent?: () => void;
  /** With it, a Cancel button comes first. */
  onCancel?: () => void;
}

/**
 * 'Nuovo messaggio': to every team, the teams of a route or one team; the text with its count;
 * 'Conferma di lettura richiesta'; 'Invia ora' or 'Programma' on the tenant's clock. The action
 * id stays while the same message is sent again (a network failure: the server applies it once)
 * and is new once the message went or the form changed.
 */
export function ComposeForm({ slug, game = null, onSent, onCancel }: ComposeFormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.compose' });
  const { t: tAll, i18n } = useTranslation();
  const timeZone = useTenantTimeZone();
  const routes = useRouteList(slug);
  const send = useSendMessage(slug);
  const [values, setValues] = useState<ComposeValues>(() =>
    game ? { ...EMPTY_COMPOSE, audience: 'team' } : EMPTY_COMPOSE,
  );
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [actionId, setActionId] = useState(() => crypto.randomUUID());

  const change = (patch: Partial<ComposeValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // Another message now: a new action id, so it is not taken for the one that failed.
    setActionId(crypto.randomUUID());
    send.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const made = composeRequest(values, { actionId, game, timeZone, nowMs: Date.now() });
    if ('errors' in made) {
      setErrors(made.errors);
      return;
    }
    setErrors({});
    send.mutate(made.request, {
      onSuccess: () => {
        toasts.success(t(made.request.send_at ? 'scheduled' : 'sent'));
        setValues((current) => ({ ...current, body: '', sendAt: '' }));
        setActionId(crypto.randomUUID());
        onSent?.();
      },
    });
  };

  const error = (key: keyof ComposeErrors) => {
    const problem = errors[key];
    return problem ? t(problem) : null;
  };

  return (
    <form className="form staff-messages__compose" noValidate onSubmit={handleSubmit}>
      <ChoiceGroup
        legend={t('audience')}
        name="message-audience"
        options={MESSAGE_AUDIENCES.map((audience) => ({
          value: audience,
          label: t(`audiences.${audience}`),
        }))}
        value={values.audience}
        onChange={(audience) => change({ audience })}
      />
      {values.audience === 'route' ? (
        <Field label={t('route')} required error={error('route')}>
          {(control) => (
            <select
              {...control}
              value={values.routeId}
              onChange={(event) => change({ routeId: event.target.value })}
            >
              <option value="">{t('chooseRoute')}</option>
              {(routes.data ?? []).map((route) => (
                <option key={route.id} value={route.id}>
                  {route.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {values.audience === 'team' && game ? (
        <p className="staff-messages__fixed-team">
          {t('team')}: <strong>{game.teamName}</strong>
        </p>
      ) : null}
      {values.audience === 'team' && !game ? (
        <TeamPicker
          slug={slug}
          teamId={values.teamId}
          error={error('team')}
          onChange={(teamId) => change({ teamId })}
        />
      ) : null}
      <Field
        label={t('body')}
        required
        error={error('body')}
        hint={
          <span aria-live="polite">
            {t('count', { length: values.body.length, max: MESSAGE_MAX_LENGTH })}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            value={values.body}
            onChange={(event) => change({ body: event.target.value })}
          />
        )}
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={values.readConfirmation}
          onChange={(event) => change({ readConfirmation: event.target.checked })}
        />
        {t('readConfirmation')}
      </label>
      <ChoiceGroup
        legend={t('when')}
        name="message-when"
        options={[
          { value: 'now', label: t('now') },
          { value: 'schedule', label: t('schedule') },
        ]}
        value={values.when}
        onChange={(when) => change({ when })}
      />
      {values.when === 'schedule' ? (
        <Field
          label={t('sendAt', { zone: timeZoneLabel(timeZone, i18n.language) })}
          required
          error={error('sendAt')}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={values.sendAt}
              onChange={(event) => change({ sendAt: event.target.value })}
            />
          )}
        </Field>
      ) : null}
      <ErrorAlert text={send.error ? errorText(send.error, tAll) : null} />
      <FormActions
        submitLabel={t('submit')}
        pendingLabel={t('sending')}
        isPending={send.isPending}
        cancelLabel={onCancel ? t('cancel') : undefined}
        onCancel={onCancel}
      />
    </form>
  );
}
