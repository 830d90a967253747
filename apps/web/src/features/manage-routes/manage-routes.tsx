import type { RouteSummary } from '@tappa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonDialog } from './json-dialog';
import type { JsonDialogTarget } from './json-dialog';
import { PricingDialog } from './pricing-dialog';
import { RouteCard } from './route-card';
import type { CardDialog } from './route-card';
import { RouteFormDialog } from './route-form-dialog';
import type { RouteDialogTarget } from './route-form-dialog';
import { useRouteList } from './routes-api';
import type { RouteImportResult } from './routes-api';
import { useRouteActions } from './use-route-actions';
import './manage-routes.css';

/** How long a success banner ('Route imported successfully!', …) stays. */
export const NOTICE_MS = 5000;

/** The dialog open on the page, if any. */
type OpenDialog =
  | { kind: 'form'; target: RouteDialogTarget }
  | { kind: 'pricing'; route: RouteSummary }
  | { kind: 'json'; target: JsonDialogTarget };

/** A success message; a new object each time, so a repeated message gets its own time. */
interface Notice {
  text: string;
}

/** Props of `ManageRoutes`. */
export interface ManageRoutesProps {
  tenantSlug: string;
}

/** Doc 2 'Manage Routes': the route cards with their actions, create and import, and dialogs. */
export function ManageRoutes({ tenantSlug }: ManageRoutesProps) {
  const { t } = useTranslation();
  const routes = useRouteList(tenantSlug);
  const actions = useRouteActions(tenantSlug);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = useCallback(() => setDialog(null), []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function handleJsonDone(target: JsonDialogTarget, result: RouteImportResult) {
    setDialog(null);
    const created = target.kind === 'import' && result.created;
    setNotice({ text: created ? t('routes.imported') : t('routes.updatedIt') });
  }

  function openFromCard(route: RouteSummary, kind: CardDialog) {
    switch (kind) {
      case 'edit':
        setDialog({ kind: 'form', target: { mode: 'edit', route } });
        return;
      case 'pricing':
        setDialog({ kind: 'pricing', route });
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
    <main className="mr">
      <header className="mr__header">
        <h1 className="mr__title">{t('routes.title')}</h1>
        <div className="mr-toolbar" role="group" aria-label={t('routesAdmin.toolbarLabel')}>
          <button
            type="button"
            className="mr-btn"
            onClick={() => setDialog({ kind: 'json', target: { kind: 'import' } })}
          >
            {t('routes.importRouteJson')}
          </button>
          <button
            type="button"
            className="mr-btn mr-btn--primary"
            onClick={() => setDialog({ kind: 'form', target: { mode: 'create' } })}
          >
            {t('routes.createRoute')}
          </button>
        </div>
      </header>
      <div className="mr-live" aria-live="polite">
        {notice ? <p className="mr-banner mr-banner--success">{notice.text}</p> : null}
      </div>
      {routes.isPending ? (
        <p role="status" className="mr-muted">
          {t('common.loading')}
        </p>
      ) : routes.isError ? (
        <p role="alert" className="mr-banner mr-banner--error">
          {t('routesAdmin.loadError', { msg: routes.error.message })}
        </p>
      ) : routes.data.length === 0 ? (
        <p className="mr-empty">{t('routes.empty')}</p>
      ) : (
        <div className="mr-grid">
          {routes.data.map((route) => (
            <RouteCard
              key={route.id}
              tenantSlug={tenantSlug}
              route={route}
              actions={actions}
              onOpen={(kind) => openFromCard(route, kind)}
            />
          ))}
        </div>
      )}
      {dialog?.kind === 'form' ? (
        <RouteFormDialog tenantSlug={tenantSlug} target={dialog.target} onClose={close} />
      ) : null}
      {dialog?.kind === 'pricing' ? (
        <PricingDialog tenantSlug={tenantSlug} route={dialog.route} onClose={close} />
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
