import { Suspense } from 'react';
import { Outlet, useLocation } from '../lib/router';
import { DialogHost } from '../components/dialog-host';
import { LoadingSpinner } from '../components/loading-spinner';
import { PageErrorBoundary } from './route-error';
import { useWaitingAnswers } from './use-waiting-answers';

/**
 * Parent of every page: shows the spinner while a lazy page's chunk loads, and the error page
 * when a page fails to render; draws the app's confirmations and toasts (beside the pages, so a
 * toast outlives a page change); sends the answers a team made offline once back online.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  useWaitingAnswers(pathname);
  return (
    <>
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
      <DialogHost />
    </>
  );
}
