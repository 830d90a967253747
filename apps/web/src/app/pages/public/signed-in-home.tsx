import type { SessionResponse } from '@tappa/contracts';
import { AppShell } from '../../../components/app-shell';
import { RequireAuth } from '../../../components/require-auth';
import { UserHome } from '../../../features/home/user-home';

/** The signed-in half of `/`: the home and tenant chooser in the shell, with the admin texts. */
export default function SignedInHome({ session }: { session: SessionResponse }) {
  return (
    <RequireAuth>
      <AppShell>
        <UserHome session={session} />
      </AppShell>
    </RequireAuth>
  );
}
