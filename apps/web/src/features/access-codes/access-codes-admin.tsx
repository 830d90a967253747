import type { AccessCode, RouteSummary } from '@tappa/contracts';
import { takesAccessCodes } from '@tappa/domain';
import { useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { useAccessCodes, useDeleteAccessCode } from '../../api/access-codes';
import { useRouteList } from '../../api/routes';
import { Field } from '../../components/form-field';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTenantTimeZone } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';
import { CodeCardsSheet } from './code-cards-sheet';
import { type CodeFilters, NO_FILTERS, splitCodes } from './code-filters';
import { CodesExportButton } from './codes-export-button';
import { CodesFilterBar } from './codes-filter-bar';
import { AvailableCodesTable, UsedCodesTable } from './codes-tables';
import { GenerateCodesForm } from './generate-codes-form';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './access-codes.css';
import { dialogs } from '../../lib/dialogs';

/** How long a success message stays. */
const NOTICE_MS = 5000;

/** Doc 2 'Access codes admin': choose a code route, then generate, find, export and print codes. */
export function AccessCodesAdmin({ tenantSlug }: { tenantSlug: string }) {
  const { t } = useTranslation();
  const routes = useRouteList(tenantSlug);
  const [params, setParams] = useSearchParams();
  const { notice, show, dismiss } = useNotice(NOTICE_MS);

  return (
    <main className="admin-page admin-page--wide ac">
      <h1 className="admin-page__title ac-title">{t('accessCodesAdmin.title')}</h1>
      <QueryState query={routes}>
        {(list) => {
          const codeRoutes = list.filter((route) => takesAccessCodes(route.access_type));
          if (codeRoutes.length === 0) {
            return <p className="muted">{t('accessCodesAdmin.noCodeRoutes')}</p>;
          }
          const chosen =
            codeRoutes.find((route) => route.id === params.get('route')) ?? codeRoutes[0]!;
          return (
            <>
              <div className="panel ac-screen ac-top">
                <Field label={t('accessCodesAdmin.route')}>
                  {(control) => (
                    <select
                      {...control}
                      value={chosen.id}
                      onChange={(event) => setParams({ route: event.target.value })}
                    >
                      {codeRoutes.map((route) => (
                        <option key={route.id} value={route.id}>
                          {route.title}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <GenerateCodesForm tenantSlug={tenantSlug} routeId={chosen.id} onNotice={show} />
              </div>
              <RouteCodes key={chosen.id} tenantSlug={tenantSlug} route={chosen} onNotice={show} />
            </>
          );
        }}
      </QueryState>
      <Notice notice={notice} dismissLabel={t('accessCodesAdmin.dismiss')} onDismiss={dismiss} />
    </main>
  );
}

/** Props of `RouteCodes`. */
interface RouteCodesProps {
  tenantSlug: string;
  route: RouteSummary;
  onNotice: ReturnType<typeof useNotice>['show'];
}

/** One route's codes: filters, export, the print sheet and both lists. */
function RouteCodes({ tenantSlug, route, onNotice }: RouteCodesProps) {
  const { t } = useTranslation();
  const codes = useAccessCodes(tenantSlug, route.id);
  const remove = useDeleteAccessCode(tenantSlug, route.id);
  const [filters, setFilters] = useState<CodeFilters>(NO_FILTERS);
  const timeZone = useTenantTimeZone();
  const [sheetOpen, setSheetOpen] = useState(false);

  async function handleDelete(code: AccessCode) {
    if (!(await dialogs.confirm(t('accessCodes.confirmDelete')))) return;
    remove.mutate(code.id, {
      onSuccess: () => onNotice({ kind: 'success', text: t('accessCodesAdmin.deleted') }),
      onError: (error) =>
        onNotice({
          kind: 'error',
          text: t('accessCodes.deleteError', { msg: errorText(error, t) }),
        }),
    });
  }

  return (
    <QueryState query={codes}>
      {(all) => {
        const { available, used } = splitCodes(all, filters, timeZone);
        return (
          <>
            <div className="ac-screen">
              <CodesFilterBar filters={filters} onChange={setFilters} />
              <div className="toolbar ac-toolbar">
                <CodesExportButton routeSlug={route.slug} codes={available} />
                <button
                  type="button"
                  className="btn"
                  aria-pressed={sheetOpen}
                  onClick={() => setSheetOpen((open) => !open)}
                >
                  {sheetOpen ? t('accessCodesAdmin.hideSheet') : t('accessCodesAdmin.printSheet')}
                </button>
              </div>
            </div>
            {sheetOpen ? (
              <CodeCardsSheet
                tenantSlug={tenantSlug}
                routeSlug={route.slug}
                routeTitle={route.title}
                codes={available}
              />
            ) : null}
            <div className="ac-lists ac-screen">
              <AvailableCodesTable
                codes={available}
                deletingId={remove.isPending ? (remove.variables ?? null) : null}
                onDelete={(code) => void handleDelete(code)}
                onCopyFailed={() => onNotice({ kind: 'error', text: t('accessCodes.copyError') })}
              />
              <UsedCodesTable codes={used} />
            </div>
          </>
        );
      }}
    </QueryState>
  );
}
