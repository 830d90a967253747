import { Field } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import { type CodeFilters, NO_FILTERS } from './code-filters';

/** Props of `CodesFilterBar`. */
export interface CodesFilterBarProps {
  filters: CodeFilters;
  onChange: (filters: CodeFilters) => void;
}

const DATE_KEYS = ['createdFrom', 'createdTo', 'usedFrom', 'usedTo'] as const;

/** The search box and the four date bounds (created and used, from and to). */
export function CodesFilterBar({ filters, onChange }: CodesFilterBarProps) {
  const { t } = useTranslation();
  return (
    <div className="ac-filters" role="search">
      <Field label={t('accessCodesAdmin.search')}>
        {(control) => (
          <input
            {...control}
            type="search"
            maxLength={100}
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
          />
        )}
      </Field>
      {DATE_KEYS.map((key) => (
        <Field key={key} label={t(`accessCodesAdmin.${key}`)}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filters[key]}
              onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <button type="button" className="btn btn--ghost" onClick={() => onChange(NO_FILTERS)}>
        {t('accessCodesAdmin.clearFilters')}
      </button>
    </div>
  );
}
