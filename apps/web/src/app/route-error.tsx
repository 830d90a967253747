import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

const RELOADED_KEY = 'tappa:reloaded-after-update';

/** Whether an error is a lazy page chunk that is gone, as after a new version was deployed. */
export function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Shown when a page fails to render. A page chunk that no longer exists (a new version was
 * deployed while the page was open) reloads the app once, which fetches the new version; any
 * other error gets a plain message and a way back to the start.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  useEffect(() => {
    if (!stale || sessionStorage.getItem(RELOADED_KEY)) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  }, [stale]);
  return (
    <main className="page">
      <div className="card" role="alert">
        <h1>{t('common.pageErrorTitle')}</h1>
        <p>{t('common.pageErrorHint')}</p>
        <p>
          <a href="/">{t('common.pageErrorHome')}</a>
        </p>
      </div>
    </main>
  );
}
