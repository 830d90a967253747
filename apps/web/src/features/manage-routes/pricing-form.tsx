import type { PricingCreate } from '@tappa/contracts';
import { PRICE_PRIORITY_MAX } from '@tappa/contracts';
import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_TYPES } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import { EMPTY_PRICING_FORM, toPricingCreate, validatePricingForm } from './pricing-values';
import type { PricingFormValues } from './pricing-values';

/** Props of `PricingForm`. */
export interface PricingFormProps {
  isSaving: boolean;
  /** Sends the row; resolves true when it was added (the form then starts over). */
  onAdd: (row: PricingCreate) => Promise<boolean>;
}

/** Inputs of the form, in order: field, label key and input type. */
const INPUTS = [
  { field: 'date_from', label: 'dateFrom', type: 'date' },
  { field: 'time_from', label: 'timeFrom', type: 'time' },
  { field: 'date_to', label: 'dateTo', type: 'date' },
  { field: 'time_to', label: 'timeTo', type: 'time' },
  { field: 'cost_euro', label: 'cost', type: 'number' },
  { field: 'discount_code', label: 'discountCode', type: 'text' },
] as const;

const DECIMALS = [
  { field: 'discount_percentage', label: 'discountPercentage', max: 100 },
  { field: 'discount_price', label: 'discountPrice', max: undefined },
] as const;

/**
 * The new-row form of 'Gestione Listini': the five required fields, the optional discount, and
 * the priority that decides between rows applying at once (decision 0058).
 */
export function PricingForm({ isSaving, onAdd }: PricingFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PricingFormValues>(EMPTY_PRICING_FORM);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validatePricingForm(values) : {};

  const set = <K extends keyof PricingFormValues>(field: K, value: PricingFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: keyof PricingFormValues) => {
    const error = errors[field];
    return error ? t(`routesAdmin.pricing.${error}`) : null;
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validatePricingForm(values)).length > 0) return;
    if (await onAdd(toPricingCreate(values))) {
      setValues(EMPTY_PRICING_FORM);
      setSubmitted(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="form__grid">
        {INPUTS.map(({ field, label, type }) => (
          <Field
            key={field}
            label={t(`routesAdmin.pricing.${label}`)}
            required={field !== 'discount_code'}
            error={errorOf(field)}
          >
            {(control) => (
              <input
                {...control}
                type={type}
                min={type === 'number' ? 0 : undefined}
                step={type === 'number' ? 0.01 : undefined}
                maxLength={field === 'discount_code' ? DISCOUNT_CODE_MAX_LENGTH : undefined}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
              />
            )}
          </Field>
        ))}
        <Field label={t('routesAdmin.pricing.discountType')}>
          {(control) => (
            <select
              {...control}
              value={values.discount_type}
              onChange={(event) => {
                const type = DISCOUNT_TYPES.find((value) => value === event.target.value);
                if (type) set('discount_type', type);
              }}
            >
              {DISCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`routesAdmin.pricing.discountTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {DECIMALS.map(({ field, label, max }) => (
          <Field key={field} label={t(`routesAdmin.pricing.${label}`)} error={errorOf(field)}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                max={max}
                step={0.01}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
              />
            )}
          </Field>
        ))}
        <Field
          label={t('routesAdmin.pricing.priority')}
          hint={t('routesAdmin.pricing.priorityHint')}
          required
          wide
          error={errorOf('is_priority')}
        >
          {(control) => (
            <input
              {...control}
              // A small number: the field spans the row for its hint, the input stays short.
              className={`${control.className} mr-priority`}
              type="number"
              inputMode="numeric"
              min={0}
              max={PRICE_PRIORITY_MAX}
              step={1}
              value={values.is_priority}
              onChange={(event) => set('is_priority', event.target.value)}
            />
          )}
        </Field>
      </div>
      <FormActions
        submitLabel={t('routesAdmin.pricing.add')}
        pendingLabel={t('routesAdmin.pricing.adding')}
        isPending={isSaving}
      />
    </form>
  );
}
