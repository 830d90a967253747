import { supportedTimeZones } from '@tappa/domain';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Field } from '../form-field';

/** Props of `TimeZoneField`. */
export interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
}

/**
 * The tenant's time zone, chosen from the browser's IANA zones (the server checks the choice
 * against its own list); a stored zone the browser does not list stays selectable.
 */
export function TimeZoneField({ value, onChange, disabled }: TimeZoneFieldProps) {
  const { t } = useTranslation();
  const zones = useMemo(() => {
    const known = supportedTimeZones();
    return known.includes(value) ? known : [value, ...known];
  }, [value]);
  return (
    <Field
      label={t('superadmin.tenantForm.timeZone')}
      hint={t('superadmin.tenantForm.timeZoneHint')}
    >
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
