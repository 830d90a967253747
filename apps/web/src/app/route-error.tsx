import { Component, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

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
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

interface PageErrorBoundaryProps {
  /** The page's path: a move to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering (a lost chunk too) and shows `RouteError`. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: PageErrorBoundaryProps) {
    if (this.state.error !== null && previous.pathname !== this.props.pathname) {
      this.setState({ error: null });
    }
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}
