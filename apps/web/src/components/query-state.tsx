import type { ReactNode } from 'react';
import { errorText as defaultErrorText } from '../lib/error-text';
import { useTranslation } from '../lib/i18n';
import './ui.css';

/** A query as `QueryState` reads it: React Query's result, or the phone's cache's (`lib/query`). */
export type ShownQuery<T> =
  | { isPending: true }
  | { isPending: false; isError: true; error: Error }
  | { isPending: false; isError: false; data: T };

/** Props of `QueryState`. */
export interface QueryStateProps<T> {
  query: ShownQuery<T>;
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
