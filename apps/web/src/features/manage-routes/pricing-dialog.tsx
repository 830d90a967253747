import type { PricingCreate, PricingRow, RouteSummary } from '@tappa/contracts';
import { usePricingList, usePricingMutations } from '../../api/pricing';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { PricingForm } from './pricing-form';
import { describeDiscount, formatEuro, formatItalianDate, formatTime } from './pricing-values';
import '../../components/admin-ui.css';
import './manage-routes.css';
import { dialogs, toasts } from '../../lib/dialogs';

/** Props of `PricingDialog`. */
export interface PricingDialogProps {
  tenantSlug: string;
  route: RouteSummary;
  onClose: () => void;
}

/** 'Gestione Listini': the route's price list rows with delete, and the form adding a row. */
export function PricingDialog({ tenantSlug, route, onClose }: PricingDialogProps) {
  const { t } = useTranslation();
  const pricing = usePricingList(tenantSlug, route.id);
  const { add, remove } = usePricingMutations(tenantSlug, route.id);

  async function handleAdd(row: PricingCreate): Promise<boolean> {
    try {
      await add.mutateAsync(row);
      return true;
    } catch (error) {
      toasts.error(t('routes.addPricingError', { msg: errorText(error, t) }));
      return false;
    }
  }

  async function handleDelete(row: PricingRow) {
    if (!(await dialogs.confirm(t('routes.confirmDeletePricing')))) return;
    remove.mutate(row.id, {
      onError: (error) =>
        toasts.error(t('routes.deletePricingError', { msg: errorText(error, t) })),
    });
  }

  return (
    <Modal
      title={t('routes.pricing')}
      closeLabel={t('routesAdmin.pricing.close')}
      size="wide"
      onClose={onClose}
    >
      <p className="muted mr-lead">{t('routesAdmin.pricing.routeLabel', { title: route.title })}</p>
      <QueryState query={pricing}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('routesAdmin.pricing.empty')}</p>
          ) : (
            <PricingTable
              rows={rows}
              deleting={remove.isPending ? remove.variables : undefined}
              onDelete={(row) => void handleDelete(row)}
            />
          )
        }
      </QueryState>
      <h3 className="mr-section-title">{t('routesAdmin.pricing.newRow')}</h3>
      <PricingForm isSaving={add.isPending} onAdd={handleAdd} />
    </Modal>
  );
}

/** Props of `PricingTable`. */
interface PricingTableProps {
  rows: readonly PricingRow[];
  /** The id of the row being deleted, if any. */
  deleting: string | undefined;
  onDelete: (row: PricingRow) => void;
}

/** The price list rows with their periods, cost, discount, priority and a delete button each. */
function PricingTable({ rows, deleting, onDelete }: PricingTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('routesAdmin.pricing.columns.from')}</th>
            <th scope="col">{t('routesAdmin.pricing.columns.to')}</th>
            <th scope="col">{t('routesAdmin.pricing.columns.cost')}</th>
            <th scope="col">{t('routesAdmin.pricing.columns.discount')}</th>
            <th scope="col">{t('routesAdmin.pricing.columns.priority')}</th>
            <th scope="col">{t('routesAdmin.pricing.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const from = `${formatItalianDate(row.date_from)} ${formatTime(row.time_from)}`;
            return (
              <tr key={row.id}>
                <td>{from}</td>
                <td>{`${formatItalianDate(row.date_to)} ${formatTime(row.time_to)}`}</td>
                <td>{formatEuro(row.cost_euro)}</td>
                <td>{describeDiscount(row)}</td>
                <td>{row.is_priority}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    aria-label={t('routesAdmin.pricing.deleteRow', { from })}
                    disabled={deleting === row.id}
                    onClick={() => onDelete(row)}
                  >
                    {t('routesAdmin.pricing.delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
