import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { LandingPage } from '../../../features/landing/landing-page';
import { useSession } from '../../../api/session';

// A visitor downloads the landing page only; the shell, guard and admin texts come on sign-in.
const SignedInHome = lazy(() => import('./signed-in-home'));

/**
 * `/` and `/home`: the platform landing page for visitors, the home and tenant chooser for
 * signed-in users (`/home` itself is guarded by the router).
 */
export function HomePage() {
  const session = useSession();
  if (session.isPending) return <LoadingSpinner />;
  if (!session.data?.profile) return <LandingPage />;
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <SignedInHome session={session.data} />
    </Suspense>
  );
}

export default HomePage;
