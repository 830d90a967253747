import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import { PageErrorBoundary } from './route-error';

/**
 * Parent of every page: shows the spinner while a lazy page's chunk loads, and the error page
 * when a page fails to render.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
