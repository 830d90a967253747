import type { RouteSummary } from '@tappa/contracts';
import {
  DESCRIPTION_MAX_LENGTH,
  HINT_BUDGET_MAX,
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSaveRoute } from '../../api/routes';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { LengthCount } from '../../components/length-count';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTenantTimeZone } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';
import { RouteSettingsFields } from './route-form-fields';
import { RouteLocationFields } from './route-location-fields';
import {
  EMPTY_ROUTE_FORM,
  previewRouteSlug,
  toRouteForm,
  validateRouteForm,
  valuesFromRoute,
} from './route-form-values';
import type { RouteFormErrors, RouteFormValues } from './route-form-values';
import { toasts } from '../../lib/dialogs';

/** The catalogue text of each field error; an empty slug reads as the server's `slug_invalid`. */
const FIELD_ERROR_KEYS = {
  required: 'routesAdmin.form.required',
  slugEmpty: 'errors.slug_invalid',
} as const satisfies Record<NonNullable<RouteFormErrors['slug']>, string>;

/** What the route dialog is open for: a new route, or editing this one. */
export type RouteDialogTarget = { mode: 'create' } | { mode: 'edit'; route: RouteSummary };

/** Props of `RouteFormDialog`. */
export interface RouteFormDialogProps {
  tenantSlug: string;
  target: RouteDialogTarget;
  onClose: () => void;
  /** Called with the saved route, before `onClose`. */
  onSaved?: (route: RouteSummary) => void;
}

/** 'Create Route' / 'Edit Route': the route's fields, checked here, then saved; failures alert. */
export function RouteFormDialog({ tenantSlug, target, onClose, onSaved }: RouteFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveRoute(tenantSlug);
  // The availability dates are typed and shown on the tenant's clock.
  const timeZone = useTenantTimeZone();
  const mode = target.mode;
  const [values, setValues] = useState<RouteFormValues>(() =>
    target.mode === 'edit' ? valuesFromRoute(target.route, timeZone) : EMPTY_ROUTE_FORM,
  );
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateRouteForm(values, mode, timeZone) : {};
  const slugPreview = previewRouteSlug(values);

  const set = <K extends keyof RouteFormValues>(field: K, value: RouteFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const fieldError = (field: 'title' | 'slug') => {
    const error = errors[field];
    return error ? t(FIELD_ERROR_KEYS[error]) : null;
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateRouteForm(values, mode, timeZone)).length > 0) return;
    const id = target.mode === 'edit' ? target.route.id : undefined;
    save.mutate(
      { id, form: toRouteForm(values, timeZone) },
      {
        onSuccess: (route) => {
          onSaved?.(route);
          onClose();
        },
        onError: (error) =>
          toasts.error(
            t(mode === 'create' ? 'routes.createError' : 'routes.updateError', {
              msg: errorText(error, t),
            }),
          ),
      },
    );
  }

  return (
    <Modal
      title={t(mode === 'create' ? 'routes.createRoute' : 'routes.editRoute')}
      closeLabel={t('routesAdmin.form.close')}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <div className="form__grid">
          <Field label={t('routesAdmin.form.title')} required error={fieldError('title')}>
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={ROUTE_TITLE_MAX_LENGTH}
                value={values.title}
                onChange={(event) => set('title', event.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('routesAdmin.form.slug')}
            required={mode === 'edit'}
            error={fieldError('slug')}
            hint={
              <>
                {mode === 'create' ? <span>{t('routesAdmin.form.slugHint')}</span> : null}
                {slugPreview ? (
                  <span className="form-field__preview">
                    {t('routesAdmin.form.slugPreview', { slug: slugPreview })}
                  </span>
                ) : null}
              </>
            }
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                maxLength={SLUG_MAX_LENGTH}
                value={values.slug}
                onChange={(event) => set('slug', event.target.value)}
              />
            )}
          </Field>
          <Field label={t('routesAdmin.form.description')} wide>
            {(control) => (
              <>
                <textarea
                  {...control}
                  rows={3}
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  value={values.description}
                  onChange={(event) => set('description', event.target.value)}
                />
                <LengthCount length={values.description.length} max={DESCRIPTION_MAX_LENGTH} />
              </>
            )}
          </Field>
          <RouteSettingsFields
            values={values}
            set={set}
            hintBudgetError={
              errors.hint_budget
                ? t('routesAdmin.form.hintBudgetInvalid', { max: HINT_BUDGET_MAX })
                : null
            }
            eventEndError={errors.event_end ? t('routesAdmin.form.eventOrder') : null}
          />
          <RouteLocationFields tenantSlug={tenantSlug} values={values} set={set} />
        </div>
        <FormActions
          submitLabel={t(mode === 'create' ? 'routesAdmin.form.create' : 'routesAdmin.form.save')}
          pendingLabel={t('routesAdmin.form.saving')}
          isPending={save.isPending}
          cancelLabel={t('routesAdmin.form.cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
