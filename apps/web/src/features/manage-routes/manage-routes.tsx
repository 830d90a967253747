import type { RouteImportResponse, RouteSummary } from '@tappa/contracts';
import { useCallback, useState } from 'react';
import { useRouteList } from '../../api/routes';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { JsonDialog } from './json-dialog';
import type { JsonDialogTarget } from './json-dialog';
import { PaymentsDialog } from './payments-dialog';
import { FirstRouteStart } from './first-route-start';
import { PricingDialog } from './pricing-dialog';
import { RouteCard } from './route-card';
import type { CardDialog } from './route-card';
import { RouteFormDialog } from './route-form-dialog';
import type { RouteDialogTarget } from './route-form-dialog';
import { RouteImageDialog } from './route-image-dialog';
import { useRouteActions } from './use-route-actions';
import '../../components/admin-ui.css';
import './manage-routes.css';

/** How long a success banner ('Route imported successfully!', …) stays. */
export const NOTICE_MS = 5000;

/** The dialog open on the page, if any. */
type OpenDialog =
  | { kind: 'form'; target: RouteDialogTarget }
  | { kind: 'pricing'; route: RouteSummary }
  | { kind: 'payments'; route: RouteSummary }
  | { kind: 'image'; route: RouteSummary }
  | { kind: 'json'; target: JsonDialogTarget };

/** Props of `ManageRoutes`. */
export interface ManageRoutesProps {
  tenantSlug: string;
}

/**
 * Doc 2 'Manage Routes': the route cards with their actions, create and import, the dialogs, and
 * an empty state that leads to a first route.
 */
export function ManageRoutes({ tenantSlug }: ManageRoutesProps) {
  const { t } = useTranslation();
  const routes = useRouteList(tenantSlug);
  const actions = useRouteActions(tenantSlug);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { notice, show } = useNotice(NOTICE_MS);
  const close = useCallback(() => setDialog(null), []);

  function handleJsonDone(target: JsonDialogTarget, result: RouteImportResponse) {
    setDialog(null);
    const created = target.kind === 'import' && result.created;
    show({ kind: 'success', text: created ? t('routes.imported') : t('routes.updatedIt') });
  }

  function openFromCard(route: RouteSummary, kind: CardDialog) {
    switch (kind) {
      case 'edit':
        setDialog({ kind: 'form', target: { mode: 'edit', route } });
        return;
      case 'pricing':
        setDialog({ kind: 'pricing', route });
        return;
      case 'payments':
        setDialog({ kind: 'payments', route });
        return;
      case 'image':
        setDialog({ kind: 'image', route });
        return;
      case 'editJson':
        setDialog({ kind: 'json', target: { kind: 'edit', route } });
        return;
      case 'replaceJson':
        setDialog({ kind: 'json', target: { kind: 'replace', route } });
        return;
    }
  }

  return (
    <main className="admin-page admin-page--wide">
      <header className="mr__header">
        <h1 className="admin-page__title">{t('routes.title')}</h1>
        <div className="toolbar" role="group" aria-label={t('routesAdmin.toolbarLabel')}>
          <button
            type="button"
            className="btn"
            onClick={() => setDialog({ kind: 'json', target: { kind: 'import' } })}
          >
            {t('routes.importRouteJson')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setDialog({ kind: 'form', target: { mode: 'create' } })}
          >
            {t('routes.createRoute')}
          </button>
        </div>
      </header>
      <Notice notice={notice} />
      <QueryState
        query={routes}
        errorText={(error) => t('routesAdmin.loadError', { msg: errorText(error, t) })}
      >
        {(list) =>
          list.length === 0 ? (
            <FirstRouteStart
              tenantSlug={tenantSlug}
              onDone={(outcome) => {
                if (outcome === 'imported') show({ kind: 'success', text: t('routes.imported') });
              }}
            />
          ) : (
            <div className="mr-grid">
              {list.map((route) => (
                <RouteCard
                  key={route.id}
                  tenantSlug={tenantSlug}
                  route={route}
                  actions={actions}
                  onOpen={(kind) => openFromCard(route, kind)}
                />
              ))}
            </div>
          )
        }
      </QueryState>
      {dialog?.kind === 'form' ? (
        <RouteFormDialog tenantSlug={tenantSlug} target={dialog.target} onClose={close} />
      ) : null}
      {dialog?.kind === 'pricing' ? (
        <PricingDialog tenantSlug={tenantSlug} route={dialog.route} onClose={close} />
      ) : null}
      {dialog?.kind === 'payments' ? (
        <PaymentsDialog tenantSlug={tenantSlug} route={dialog.route} onClose={close} />
      ) : null}
      {dialog?.kind === 'image' ? (
        <RouteImageDialog
          tenantSlug={tenantSlug}
          // The list's copy, so a new image shows in the dialog once uploaded.
          route={routes.data?.find((route) => route.id === dialog.route.id) ?? dialog.route}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'json' ? (
        <JsonDialog
          tenantSlug={tenantSlug}
          target={dialog.target}
          onClose={close}
          onDone={(result) => handleJsonDone(dialog.target, result)}
        />
      ) : null}
    </main>
  );
}
