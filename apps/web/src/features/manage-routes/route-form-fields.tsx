import { ACCESS_TYPES, ROUTE_TYPES } from '@tappa/contracts';
import { TIME_LIMIT_HOURS_MAX, TIME_LIMIT_MINUTES_MAX } from '@tappa/contracts';
import { HINT_BUDGET_MAX } from '@tappa/domain';
import { useId } from 'react';
import { ChoiceGroup, Field, type ControlProps } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import type { RouteFormValues } from './route-form-values';

/** The control's own descriptions and `id`'s. */
const describedBy = (control: ControlProps, id: string) =>
  [control['aria-describedby'], id].filter(Boolean).join(' ');

/** Props of `RouteSettingsFields`. */
export interface RouteSettingsFieldsProps {
  values: RouteFormValues;
  set: <K extends keyof RouteFormValues>(field: K, value: RouteFormValues[K]) => void;
  /** The hint budget's problem, as text. */
  hintBudgetError?: string | null;
  /** The event end's problem (not after the start), as text. */
  eventEndError?: string | null;
}

/**
 * Access and route type, geolocation, time limit, availability dates, hint budget and the
 * event's start and end of the route form.
 */
export function RouteSettingsFields({
  values,
  set,
  hintBudgetError,
  eventEndError,
}: RouteSettingsFieldsProps) {
  const { t } = useTranslation();
  const name = useId();
  // One hint under both event fields, read with each of them.
  const eventHintId = `${name}-event-hint`;
  const text = (
    field: Exclude<
      keyof RouteFormValues,
      'access_type' | 'route_type' | `${string}_enabled` | 'location_sharing'
    >,
  ) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <>
      <ChoiceGroup
        legend={t('routesAdmin.form.accessType')}
        name={`${name}-access`}
        options={ACCESS_TYPES.map((value) => ({
          value,
          label: t(`routesAdmin.accessTypes.${value}`),
        }))}
        value={values.access_type}
        onChange={(value) => set('access_type', value)}
      />
      <ChoiceGroup
        legend={t('routesAdmin.form.routeType')}
        name={`${name}-type`}
        options={ROUTE_TYPES.map((value) => ({
          value,
          label: t(`routesAdmin.routeTypes.${value}`),
        }))}
        value={values.route_type}
        onChange={(value) => set('route_type', value)}
      />
      <label className="check form-field--wide">
        <input
          type="checkbox"
          checked={values.geolocation_enabled}
          onChange={(event) => set('geolocation_enabled', event.target.checked)}
        />
        {t('routesAdmin.form.geolocation')}
      </label>
      <label className="check form-field--wide">
        <input
          type="checkbox"
          checked={values.time_limit_enabled}
          onChange={(event) => set('time_limit_enabled', event.target.checked)}
        />
        {t('routesAdmin.form.timeLimit')}
      </label>
      {values.time_limit_enabled ? (
        <>
          <Field label={t('routesAdmin.form.hours')}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                max={TIME_LIMIT_HOURS_MAX}
                step={1}
                inputMode="numeric"
                {...text('time_limit_hours')}
              />
            )}
          </Field>
          <Field label={t('routesAdmin.form.minutes')}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                max={TIME_LIMIT_MINUTES_MAX}
                step={1}
                inputMode="numeric"
                {...text('time_limit_minutes')}
              />
            )}
          </Field>
        </>
      ) : null}
      <Field label={t('routesAdmin.form.dateStart')}>
        {(control) => <input {...control} type="datetime-local" {...text('date_start')} />}
      </Field>
      <Field label={t('routesAdmin.form.dateEnd')}>
        {(control) => <input {...control} type="datetime-local" {...text('date_end')} />}
      </Field>
      {/* On the tenant's clock, like the availability dates (decision 0085). */}
      <Field label={t('routesAdmin.form.eventStart')}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            aria-describedby={describedBy(control, eventHintId)}
            {...text('event_start')}
          />
        )}
      </Field>
      <Field label={t('routesAdmin.form.eventEnd')} error={eventEndError}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            aria-describedby={describedBy(control, eventHintId)}
            {...text('event_end')}
          />
        )}
      </Field>
      <p id={eventHintId} className="form-field__hint form-field--wide">
        {t('routesAdmin.form.eventHint')}
      </p>
      <Field
        label={t('routesAdmin.form.hintBudget')}
        hint={t('routesAdmin.form.hintBudgetHint')}
        error={hintBudgetError}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={0}
            max={HINT_BUDGET_MAX}
            step={1}
            inputMode="numeric"
            {...text('hint_budget')}
          />
        )}
      </Field>
    </>
  );
}
