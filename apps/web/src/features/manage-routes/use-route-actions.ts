import type { RouteSummary } from '@tappa/contracts';
import { fetchRouteScoreboardCsv, useResetRouteScoreboard } from '../../api/route-scoreboard';
import { fetchRouteExport, useDeleteRoute, useSetRouteActive } from '../../api/routes';
import { saveBlob, saveJson } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { scoreboardFileName } from './scoreboard-file-name';

/**
 * The one-click actions of a route card (toggle, delete, exports, scoreboard reset) with the
 * spec's confirmations and alerts.
 */
export function useRouteActions(tenantSlug: string) {
  const { t } = useTranslation();
  const setActive = useSetRouteActive(tenantSlug);
  const remove = useDeleteRoute(tenantSlug);
  const reset = useResetRouteScoreboard(tenantSlug);

  function handleToggle(route: RouteSummary) {
    setActive.mutate(
      { id: route.id, isActive: !route.is_active },
      { onError: (error) => window.alert(t('routes.updateError', { msg: errorText(error, t) })) },
    );
  }

  function handleDelete(route: RouteSummary) {
    if (!window.confirm(t('routes.confirmDelete'))) return;
    remove.mutate(route.id, {
      onError: (error) => window.alert(t('routesAdmin.deleteError', { msg: errorText(error, t) })),
    });
  }

  async function handleExportJson(route: RouteSummary) {
    try {
      const exported = await fetchRouteExport(tenantSlug, route.id);
      saveJson(exported, `${route.slug}.json`);
    } catch (error) {
      window.alert(t('routesAdmin.exportError', { msg: errorText(error, t) }));
    }
  }

  async function handleExportScoreboard(route: RouteSummary) {
    try {
      const csv = await fetchRouteScoreboardCsv(tenantSlug, route.id);
      saveBlob(csv, scoreboardFileName(tenantSlug, route.slug, new Date()));
    } catch (error) {
      // An empty scoreboard answers `scoreboard_empty`: 'No scoreboard data to export for this route'.
      window.alert(errorText(error, t));
    }
  }

  function handleResetScoreboard(route: RouteSummary) {
    if (!window.confirm(t('routesAdmin.confirmResetScoreboard', { title: route.title }))) return;
    reset.mutate(route.id, {
      onSuccess: () => window.alert(t('routes.scoreboardReset')),
      onError: (error) =>
        window.alert(t('routes.resetScoreboardError', { msg: errorText(error, t) })),
    });
  }

  return {
    toggle: handleToggle,
    remove: handleDelete,
    exportJson: (route: RouteSummary) => void handleExportJson(route),
    exportScoreboard: (route: RouteSummary) => void handleExportScoreboard(route),
    resetScoreboard: handleResetScoreboard,
    /** Whether a write on this route is running (its buttons wait). */
    isBusy: (id: string) =>
      (setActive.isPending && setActive.variables.id === id) ||
      (remove.isPending && remove.variables === id) ||
      (reset.isPending && reset.variables === id),
  };
}

/** What `useRouteActions` returns. */
export type RouteActions = ReturnType<typeof useRouteActions>;
