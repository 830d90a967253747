import { LOCATION_RETENTION_DAYS_MAX } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';
import { Field } from '../form-field';
import type { TenantSectionProps } from './tenant-form-sections';

/**
 * What the tenant keeps of its teams: how many days their raw positions stay (decision 0086),
 * after which only the per-step counts remain.
 */
export function PrivacySection({ values, set, errorText }: TenantSectionProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'superadmin.tenantForm' });
  return (
    <fieldset className="form__section">
      <legend>{t('sections.privacy')}</legend>
      {/* One short number: its own narrow grid, not a field as wide as the form. */}
      <div className="form__grid tenant-form__privacy">
        <Field
          label={t('retentionDays')}
          hint={t('retentionDaysHint')}
          error={errorText('location_retention_days')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              max={LOCATION_RETENTION_DAYS_MAX}
              step={1}
              inputMode="numeric"
              value={values.location_retention_days}
              onChange={(event) => set('location_retention_days', event.target.value)}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
