import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';

/** Parent of every page: shows the spinner while a lazy page's chunk loads. */
export function RootLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
}
