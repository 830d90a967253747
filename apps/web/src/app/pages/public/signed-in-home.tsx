import type { SessionResponse } from '@tappa/contracts';
import { AppShell } from '../../../components/app-shell';
import { RequireAuth } from '../../../components/require-auth';
import { UserHome } from '../../../features/home/user-home';
import { useTranslation } from '../../../lib/i18n';

/** The signed-in half of `/`: the home and tenant chooser in the shell, with the admin texts. */
export default function SignedInHome({ session }: { session: SessionResponse }) {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <AppShell>
        {/* The page's h1, for assistive technology: the home shows cards, not a title. */}
        <h1 className="visually-hidden">{t('shell.home')}</h1>
        <UserHome session={session} />
      </AppShell>
    </RequireAuth>
  );
}
