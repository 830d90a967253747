import { Outlet } from '../lib/router';
import { useTranslation } from '../lib/i18n';
import { AppShell } from './app-shell';

/** Title bars a shell layout route can show. */
export type ShellTitle = 'superadminDashboard' | 'mediaLibrary';

/** Props of `AppShellLayout`. */
export interface AppShellLayoutProps {
  title?: ShellTitle;
}

/** Layout route wrapping its child routes in the shared `AppShell` with a translated title. */
export function AppShellLayout({ title }: AppShellLayoutProps) {
  const { t } = useTranslation();
  return (
    <AppShell title={title ? t(`shell.${title}`) : undefined}>
      <Outlet />
    </AppShell>
  );
}
