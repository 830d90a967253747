import { COUNTRY_CODES } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';
import { FilePicker } from '../file-picker';
import { Field, TextField } from '../form-field';
import { RichTextField } from '../rich-text-field';
import { TimeZoneField } from './time-zone-field';
import type { CheckedField, TenantFormMode } from './tenant-form-validation';
import type {
  TenantFormFiles,
  TenantFormValues,
  TenantImageKind,
  TenantTextField,
} from './tenant-form-values';

/** What every section of the tenant form receives from the form. */
export interface TenantSectionProps {
  values: TenantFormValues;
  /** Value and change handler of a text field. */
  bind: (field: TenantTextField) => {
    value: string;
    onValueChange: (value: string) => void;
    maxLength?: number;
  };
  set: <K extends keyof TenantFormValues>(field: K, value: TenantFormValues[K]) => void;
  /** The displayable error of a checked field, or null. */
  errorText: (field: CheckedField) => string | null;
}

/** The stored images of a tenant being edited. */
export type TenantImages = Record<`${TenantImageKind}_url`, string | null>;

/** Props of `BrandSection`. */
export interface BrandSectionProps extends TenantSectionProps {
  images?: TenantImages;
  /** The images chosen to upload with the form. */
  files: TenantFormFiles;
  onFile: (kind: TenantImageKind, file: File | null) => void;
  /** Shown only (a game manager's Brand tab). */
  disabled?: boolean;
}

/** Doc 1 §5: accepted image types of the tenant form. */
const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';
const FAVICON_ACCEPT = 'image/png,image/jpeg,image/webp,image/x-icon,.ico';
const FOOTER_LOGO_ACCEPT = 'image/png,image/webp,image/jpeg';

/** Each image's label and hint keys, and the types its file picker offers. */
const IMAGE_FIELDS = [
  { kind: 'logo', label: 'logo', hint: 'logoHint', accept: LOGO_ACCEPT },
  { kind: 'favicon', label: 'favicon', hint: 'faviconHint', accept: FAVICON_ACCEPT },
  { kind: 'footer_logo', label: 'footerLogo', hint: 'footerLogoHint', accept: FOOTER_LOGO_ACCEPT },
  { kind: 'brand_logo', label: 'brandLogo', hint: 'brandLogoHint', accept: LOGO_ACCEPT },
  {
    kind: 'brand_favicon',
    label: 'brandFavicon',
    hint: 'brandFaviconHint',
    accept: FAVICON_ACCEPT,
  },
] as const;

/** Colours, payoff and description (rich text), and the five images. */
export function BrandSection({
  values,
  set,
  bind,
  images,
  files,
  onFile,
  disabled,
}: BrandSectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="form__section">
      <legend>{t('superadmin.tenantForm.sections.brand')}</legend>
      <div className="form__grid">
        <TextField
          label={t('superadmin.tenantForm.primaryColor')}
          type="color"
          {...bind('primary_color')}
        />
        <TextField
          label={t('superadmin.tenantForm.secondaryColor')}
          type="color"
          {...bind('secondary_color')}
        />
        <RichTextField
          label={t('superadmin.tenantForm.payoff')}
          value={values.payoff}
          onValueChange={(html) => set('payoff', html)}
          disabled={disabled}
        />
        <RichTextField
          label={t('superadmin.tenantForm.description')}
          value={values.description}
          onValueChange={(html) => set('description', html)}
          disabled={disabled}
        />
        {IMAGE_FIELDS.map(({ kind, label: labelKey, hint, accept }) => {
          const current = images?.[`${kind}_url`] ?? null;
          const label = t(`superadmin.tenantForm.${labelKey}`);
          return (
            <Field
              key={kind}
              label={label}
              hint={
                <>
                  {current ? (
                    <img
                      className="tenant-form__image"
                      src={current}
                      alt={t('superadmin.tenantForm.currentImage', { what: label })}
                    />
                  ) : null}
                  <span>{t(`superadmin.tenantForm.${hint}`)}</span>
                </>
              }
            >
              {(control) => (
                <FilePicker
                  file={files[kind]}
                  onChange={(file) => onFile(kind, file)}
                  accept={accept}
                  inputProps={{ id: control.id, 'aria-describedby': control['aria-describedby'] }}
                />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Company data: address, country, time zone, tax identifiers, expiry date (only shown on the Brand tab: the
 * platform sets it) and the 'Profilo Attivo' flag.
 */
export function CompanySection({
  values,
  bind,
  set,
  mode,
}: TenantSectionProps & { mode: TenantFormMode }) {
  const { t } = useTranslation();
  return (
    <fieldset className="form__section">
      <legend>{t('superadmin.tenantForm.sections.company')}</legend>
      <div className="form__grid">
        <TextField
          label={t('superadmin.tenantForm.address')}
          wide
          autoComplete="off"
          {...bind('address')}
        />
        <TextField label={t('superadmin.tenantForm.city')} {...bind('city')} />
        <TextField label={t('superadmin.tenantForm.postalCode')} {...bind('postal_code')} />
        <Field label={t('superadmin.tenantForm.country')}>
          {(control) => (
            <select
              {...control}
              value={values.country}
              onChange={(event) => {
                const code = COUNTRY_CODES.find((known) => known === event.target.value);
                if (code) set('country', code);
              }}
            >
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`countries.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TimeZoneField value={values.time_zone} onChange={(zone) => set('time_zone', zone)} />
        <TextField label={t('superadmin.tenantForm.taxCode')} {...bind('tax_code')} />
        <TextField label={t('superadmin.tenantForm.vatNumber')} {...bind('vat_number')} />
        <TextField label={t('superadmin.tenantForm.sdiCode')} {...bind('sdi_code')} />
        <TextField
          label={t('superadmin.tenantForm.expiryDate')}
          type="date"
          readOnly={mode === 'brand'}
          hint={mode === 'brand' ? t('superadmin.tenantForm.expiryByPlatform') : undefined}
          {...bind('expiry_date')}
        />
        <label className="check form-field--wide">
          <input
            type="checkbox"
            checked={values.is_active}
            onChange={(event) => set('is_active', event.target.checked)}
          />
          <span>{t('tenantArea.activeProfile')}</span>
        </label>
      </div>
    </fieldset>
  );
}

/** The tenant's public contacts: phone, mobile and e-mail. */
export function ContactsSection({ bind, errorText }: TenantSectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="form__section">
      <legend>{t('superadmin.tenantForm.sections.contacts')}</legend>
      <div className="form__grid">
        <TextField label={t('superadmin.tenantForm.phone')} type="tel" {...bind('phone')} />
        <TextField label={t('superadmin.tenantForm.mobile')} type="tel" {...bind('mobile')} />
        <TextField
          label={t('superadmin.tenantForm.email')}
          type="email"
          error={errorText('email')}
          {...bind('email')}
        />
      </div>
    </fieldset>
  );
}
