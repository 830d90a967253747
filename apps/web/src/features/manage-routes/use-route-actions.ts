import type { RouteSummary } from '@tappa/contracts';
import { fetchRouteScoreboardCsv, useResetRouteScoreboard } from '../../api/route-scoreboard';
import {
  fetchRouteExport,
  useDeleteRoute,
  useDuplicateRoute,
  useSetRouteActive,
} from '../../api/routes';
import { saveBlob, saveJson } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { scoreboardFileName } from './scoreboard-file-name';
import { dialogs, toasts } from '../../lib/dialogs';

/**
 * The one-click actions of a route card (toggle, duplicate, delete, exports, scoreboard reset)
 * with the spec's confirmations and alerts.
 */
export function useRouteActions(tenantSlug: string) {
  const { t } = useTranslation();
  const setActive = useSetRouteActive(tenantSlug);
  const remove = useDeleteRoute(tenantSlug);
  const duplicate = useDuplicateRoute(tenantSlug);
  const reset = useResetRouteScoreboard(tenantSlug);

  function handleToggle(route: RouteSummary) {
    setActive.mutate(
      { id: route.id, isActive: !route.is_active },
      { onError: (error) => toasts.error(t('routes.updateError', { msg: errorText(error, t) })) },
    );
  }

  function handleDuplicate(route: RouteSummary) {
    duplicate.mutate(route.id, {
      onSuccess: (copy) => toasts.success(t('routesAdmin.duplicated', { title: copy.title })),
      onError: (error) =>
        toasts.error(t('routesAdmin.duplicateError', { msg: errorText(error, t) })),
    });
  }

  async function handleDelete(route: RouteSummary) {
    if (!(await dialogs.confirm(t('routes.confirmDelete')))) return;
    remove.mutate(route.id, {
      onError: (error) => toasts.error(t('routesAdmin.deleteError', { msg: errorText(error, t) })),
    });
  }

  async function handleExportJson(route: RouteSummary) {
    try {
      const exported = await fetchRouteExport(tenantSlug, route.id);
      saveJson(exported, `${route.slug}.json`);
    } catch (error) {
      toasts.error(t('routesAdmin.exportError', { msg: errorText(error, t) }));
    }
  }

  async function handleExportScoreboard(route: RouteSummary) {
    try {
      const csv = await fetchRouteScoreboardCsv(tenantSlug, route.id);
      saveBlob(csv, scoreboardFileName(tenantSlug, route.slug, new Date()));
    } catch (error) {
      // An empty scoreboard answers `scoreboard_empty`: 'No scoreboard data to export for this route'.
      toasts.error(errorText(error, t));
    }
  }

  async function handleResetScoreboard(route: RouteSummary) {
    if (!(await dialogs.confirm(t('routesAdmin.confirmResetScoreboard', { title: route.title }))))
      return;
    reset.mutate(route.id, {
      onSuccess: () => toasts.success(t('routes.scoreboardReset')),
      onError: (error) =>
        toasts.error(t('routes.resetScoreboardError', { msg: errorText(error, t) })),
    });
  }

  return {
    toggle: handleToggle,
    duplicate: handleDuplicate,
    remove: (route: RouteSummary) => void handleDelete(route),
    exportJson: (route: RouteSummary) => void handleExportJson(route),
    exportScoreboard: (route: RouteSummary) => void handleExportScoreboard(route),
    resetScoreboard: (route: RouteSummary) => void handleResetScoreboard(route),
    /** Whether a write on this route is running (its buttons wait). */
    isBusy: (id: string) =>
      (setActive.isPending && setActive.variables.id === id) ||
      (remove.isPending && remove.variables === id) ||
      (duplicate.isPending && duplicate.variables === id) ||
      (reset.isPending && reset.variables === id),
  };
}

/** What `useRouteActions` returns. */
export type RouteActions = ReturnType<typeof useRouteActions>;
