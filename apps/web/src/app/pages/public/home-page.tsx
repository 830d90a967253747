import { AppShell } from '../../../components/app-shell';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RequireAuth } from '../../../components/require-auth';
import { UserHome } from '../../../features/home/user-home';
import { LandingPage } from '../../../features/landing/landing-page';
import { useSession } from '../../../api/session';

/**
 * `/` and `/home`: the platform landing page for visitors, the home and tenant chooser for
 * signed-in users (`/home` itself is guarded by the router).
 */
export function HomePage() {
  const session = useSession();
  if (session.isPending) return <LoadingSpinner />;
  if (!session.data?.profile) return <LandingPage />;
  return (
    <RequireAuth>
      <AppShell>
        <UserHome session={session.data} />
      </AppShell>
    </RequireAuth>
  );
}

export default HomePage;
