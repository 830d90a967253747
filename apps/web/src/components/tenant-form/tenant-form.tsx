import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import { LOCATION_RETENTION_DAYS_MAX } from '@tappa/domain';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FormActions } from '../form-actions';
import { TextField } from '../form-field';
import { errorText } from '../../lib/error-text';
import './tenant-form.css';
import { PrivacySection } from './privacy-section';
import { BrandSection, CompanySection, ContactsSection } from './tenant-form-sections';
import type { TenantImages, TenantSectionProps } from './tenant-form-sections';
import { slugError, validateTenantForm } from './tenant-form-validation';
import type { CheckedField, TenantFieldError, TenantFormMode } from './tenant-form-validation';
import {
  NO_TENANT_FILES,
  previewSlug,
  TENANT_TEXT_MAX_LENGTH,
  toTenantBrandWrite,
  toTenantFormData,
  toTenantWrite,
} from './tenant-form-values';
import type { TenantFormFiles, TenantFormValues } from './tenant-form-values';

/** The catalogue text of each field error; the short password and empty slug read as the server's. */
const FIELD_ERROR_KEYS = {
  required: 'superadmin.tenantForm.required',
  invalidEmail: 'superadmin.tenantForm.invalidEmail',
  passwordTooShort: 'errors.password_too_short',
  slugReserved: 'superadmin.tenantForm.slugReserved',
  slugEmpty: 'errors.slug_invalid',
  retentionDays: 'superadmin.tenantForm.retentionDaysInvalid',
} as const satisfies Record<TenantFieldError, string>;

/** Props of `TenantForm`. */
export interface TenantFormProps {
  mode: TenantFormMode;
  initial: TenantFormValues;
  images?: TenantImages;
  /** Sends the checked form (multipart: `data` and the chosen images). */
  submit: (form: FormData) => void;
  isPending: boolean;
  /** Why the last send failed, if it did. */
  error: Error | null;
  onCancel?: () => void;
  /** Shown but not editable (a game manager's Brand tab). */
  readOnly?: boolean;
}

/** Every tenant field of doc 1 §3, checked before sending, saved as multipart (data + images). */
export function TenantForm({
  mode,
  initial,
  images,
  submit,
  isPending,
  error,
  onCancel,
  readOnly = false,
}: TenantFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<TenantFormFiles>(NO_TENANT_FILES);
  const [submitted, setSubmitted] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Errors show once a submit was tried; the slug's problems show as soon as it is typed.
  const errors = submitted ? validateTenantForm(values, mode) : {};
  const slug = previewSlug(values);
  const liveSlugError = slugError(values);

  const set: TenantSectionProps['set'] = (field, value) =>
    setValues((current) => ({ ...current, [field]: value }));
  const sectionProps: TenantSectionProps = {
    values,
    set,
    bind: (field) => ({
      value: values[field],
      onValueChange: (value) => set(field, value),
      maxLength: TENANT_TEXT_MAX_LENGTH[field],
    }),
    errorText: (field: CheckedField) => {
      const error = errors[field] ?? (field === 'slug' ? liveSlugError : null);
      return error
        ? t(FIELD_ERROR_KEYS[error], {
            slug,
            min: PASSWORD_MIN_LENGTH,
            max: LOCATION_RETENTION_DAYS_MAX,
          })
        : null;
    },
  };
  const { bind, errorText: fieldError } = sectionProps;

  // After a refused submit, the first refused field takes the focus (and scrolls into view).
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateTenantForm(values, mode)).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    const data = mode === 'brand' ? toTenantBrandWrite(values) : toTenantWrite(values);
    submit(toTenantFormData(data, files));
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {/* A disabled fieldset makes every control in it read-only at once. */}
      <fieldset className="form__fields" disabled={readOnly}>
        <fieldset className="form__section">
          <legend>{t('superadmin.tenantForm.sections.tenant')}</legend>
          <div className="form__grid">
            <TextField
              label={t('superadmin.tenantForm.name')}
              required
              error={fieldError('name')}
              {...bind('name')}
            />
            <TextField
              label={t('superadmin.tenantForm.slug')}
              autoComplete="off"
              error={fieldError('slug')}
              hint={
                <>
                  <span>
                    {mode === 'brand'
                      ? t('superadmin.tenantForm.slugChangeHint')
                      : t('superadmin.tenantForm.slugHint')}
                  </span>
                  {slug && !liveSlugError ? (
                    <span className="form-field__preview">
                      {t('superadmin.tenantForm.slugPreview', { slug })}
                    </span>
                  ) : null}
                </>
              }
              {...bind('slug')}
            />
            <TextField
              label={t('superadmin.tenantForm.companyName')}
              wide
              required
              error={fieldError('company_name')}
              {...bind('company_name')}
            />
          </div>
        </fieldset>
        <fieldset className="form__section">
          <legend>{t('superadmin.tenantForm.sections.admin')}</legend>
          <div className="form__grid">
            <TextField
              label={t('superadmin.tenantForm.adminEmail')}
              type="email"
              autoComplete="off"
              required
              error={fieldError('admin_email')}
              {...bind('admin_email')}
            />
            {/* The Brand tab leaves passwords to Admin Users. */}
            {mode === 'brand' ? null : (
              <TextField
                label={t('superadmin.tenantForm.adminPassword')}
                type="password"
                autoComplete="new-password"
                required={mode === 'create'}
                hint={mode === 'edit' ? t('superadmin.tenantForm.keepPassword') : undefined}
                error={fieldError('admin_password')}
                {...bind('admin_password')}
              />
            )}
          </div>
        </fieldset>
        <BrandSection
          {...sectionProps}
          images={images}
          files={files}
          disabled={readOnly}
          onFile={(kind, file) => setFiles((current) => ({ ...current, [kind]: file }))}
        />
        <CompanySection {...sectionProps} mode={mode} />
        <ContactsSection {...sectionProps} />
        <PrivacySection {...sectionProps} />
      </fieldset>
      {/* Banners sit by the buttons, where the eyes are after a click on Save. */}
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, t)}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="alert alert--error">
          {t('superadmin.tenantForm.fixErrors')}
        </p>
      ) : null}
      {readOnly ? (
        <p className="muted">{t('tenantArea.brandReadOnly')}</p>
      ) : (
        <FormActions
          submitLabel={
            mode === 'create' ? t('superadmin.tenantForm.create') : t('superadmin.tenantForm.save')
          }
          pendingLabel={t('superadmin.tenantForm.saving')}
          isPending={isPending}
          cancelLabel={t('superadmin.tenantForm.cancel')}
          onCancel={onCancel}
        />
      )}
    </form>
  );
}
