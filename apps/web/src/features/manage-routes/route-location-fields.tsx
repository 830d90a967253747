import { LOCATION_PURPOSE_MAX_LENGTH } from '@tappa/domain';
import { useTenantBrand } from '../../api/tenant-brand';
import { Field } from '../../components/form-field';
import { LengthCount } from '../../components/length-count';
import { useTranslation } from '../../lib/i18n';
import type { RouteFormValues } from './route-form-values';

/** Props of `RouteLocationFields`. */
export interface RouteLocationFieldsProps {
  tenantSlug: string;
  values: RouteFormValues;
  set: <K extends keyof RouteFormValues>(field: K, value: RouteFormValues[K]) => void;
}

/**
 * The live map's route setting (decision 0086): whether teams are asked to share their position
 * and, when they are, why (the teams read it before they choose), with how long positions are kept.
 */
export function RouteLocationFields({ tenantSlug, values, set }: RouteLocationFieldsProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routesAdmin.form' });
  return (
    <>
      <label className="check form-field--wide">
        <input
          type="checkbox"
          checked={values.location_sharing}
          onChange={(event) => set('location_sharing', event.target.checked)}
        />
        {t('locationSharing')}
      </label>
      {values.location_sharing ? (
        <Field label={t('locationPurpose')} wide hint={<RetentionHint tenantSlug={tenantSlug} />}>
          {(control) => (
            <>
              <textarea
                {...control}
                rows={2}
                maxLength={LOCATION_PURPOSE_MAX_LENGTH}
                value={values.location_purpose}
                onChange={(event) => set('location_purpose', event.target.value)}
              />
              <LengthCount
                length={values.location_purpose.length}
                max={LOCATION_PURPOSE_MAX_LENGTH}
              />
            </>
          )}
        </Field>
      ) : null}
    </>
  );
}

/**
 * How long the tenant keeps positions, read from its settings only once sharing is ticked; until
 * they answer (or if they cannot be read) the hint names the setting instead of a number.
 */
function RetentionHint({ tenantSlug }: { tenantSlug: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routesAdmin.form' });
  const days = useTenantBrand(tenantSlug).data?.location_retention_days;
  if (days === undefined) return <span>{t('locationRetentionSetting')}</span>;
  if (days === 0) return <span>{t('locationRetentionNone')}</span>;
  return <span>{t('locationRetention', { count: days })}</span>;
}
