import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText as defaultErrorText } from '../lib/error-text';
import { useTranslation } from '../lib/i18n';
import './ui.css';

/** Props of `QueryState`. */
export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** The text shown for a failure; the catalogue text of its code unless told. */
  errorText?: (error: Error) => string;
  children: (data: T) => ReactNode;
}

/** A query's 'Loading...' status, its failure in a red alert, or its data drawn by `children`. */
export function QueryState<T>({ query, errorText, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p role="status" className="muted">
        {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="alert alert--error">
        {errorText ? errorText(query.error) : defaultErrorText(query.error, t)}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
