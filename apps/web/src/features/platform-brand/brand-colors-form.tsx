import type { BrandColors } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSaveBrandColors } from '../../api/platform-brand-colors';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** What the server stores: `#RRGGBB` (the contracts' HexColorSchema). */
const HEX = /^#[0-9A-Fa-f]{6}$/;
const COLOR_FIELDS = ['primary_color', 'secondary_color'] as const;

/** Props of `BrandColorsForm`. */
export interface BrandColorsFormProps {
  stored: BrandColors;
  onSaved: () => void;
}

/** The platform's primary and secondary colours, each a colour picker beside its hex text. */
export function BrandColorsForm({ stored, onSaved }: BrandColorsFormProps) {
  const { t } = useTranslation();
  const [colors, setColors] = useState<BrandColors>({
    primary_color: stored.primary_color,
    secondary_color: stored.secondary_color,
  });
  const save = useSaveBrandColors();
  const invalid = COLOR_FIELDS.some((field) => !HEX.test(colors[field]));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate(colors, { onSuccess: onSaved });
  };

  return (
    <form className="form form__section" noValidate onSubmit={handleSubmit}>
      <h3 className="brand-asset__title">{t('superadmin.brand.colorsTitle')}</h3>
      <div className="form__grid">
        {COLOR_FIELDS.map((field) => {
          const value = colors[field];
          const label = t(`superadmin.brand.${field}`);
          const set = (next: string) => setColors((current) => ({ ...current, [field]: next }));
          return (
            <Field
              key={field}
              label={label}
              hint={t('superadmin.brand.colorHint')}
              error={HEX.test(value) ? null : t('superadmin.brand.colorInvalid')}
            >
              {(control) => (
                <div className="brand-color">
                  <input
                    className="input input--color"
                    type="color"
                    aria-label={t('superadmin.brand.pickerOf', { what: label })}
                    value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                    onChange={(event) => set(event.target.value.toUpperCase())}
                  />
                  <input
                    {...control}
                    type="text"
                    maxLength={7}
                    spellCheck={false}
                    autoComplete="off"
                    value={value}
                    onChange={(event) => set(event.target.value.trim())}
                  />
                </div>
              )}
            </Field>
          );
        })}
      </div>
      {save.error ? (
        <p role="alert" className="alert alert--error">
          {errorText(save.error, t)}
        </p>
      ) : null}
      <FormActions
        submitLabel={t('superadmin.brand.saveColors')}
        pendingLabel={t('superadmin.brand.saving')}
        isPending={save.isPending}
        disabled={invalid}
      />
    </form>
  );
}
