import type { PricingCreate, PricingRow, RouteSummary } from '@tappa/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';
import { usePricingList, usePricingMutations } from './pricing-api';
import { PricingForm } from './pricing-form';
import { describeDiscount, formatEuro, formatItalianDate, formatTime } from './pricing-values';
import './pricing-dialog.css';

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
      window.alert(t('routes.addPricingError', { msg: messageOf(error) }));
      return false;
    }
  }

  function handleDelete(row: PricingRow) {
    if (!window.confirm(t('routes.confirmDeletePricing'))) return;
    remove.mutate(row.id, {
      onError: (error) => window.alert(t('routes.deletePricingError', { msg: error.message })),
    });
  }

  return (
    <Modal
      title={t('routes.pricing')}
      closeLabel={t('routesAdmin.pricing.close')}
      size="wide"
      onClose={onClose}
    >
      <p className="mr-muted mr-lead">
        {t('routesAdmin.pricing.routeLabel', { title: route.title })}
      </p>
      {pricing.isPending ? (
        <p role="status" className="mr-muted">
          {t('common.loading')}
        </p>
      ) : pricing.isError ? (
        <p role="alert" className="mr-banner mr-banner--error">
          {pricing.error.message}
        </p>
      ) : pricing.data.length === 0 ? (
        <p className="mr-muted">{t('routesAdmin.pricing.empty')}</p>
      ) : (
        <div className="mr-table-wrap">
          <table className="mr-table">
            <thead>
              <tr>
                <th scope="col">{t('routesAdmin.pricing.columns.from')}</th>
                <th scope="col">{t('routesAdmin.pricing.columns.to')}</th>
                <th scope="col">{t('routesAdmin.pricing.columns.cost')}</th>
                <th scope="col">{t('routesAdmin.pricing.columns.discount')}</th>
                <th scope="col">{t('routesAdmin.pricing.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {pricing.data.map((row) => {
                const from = `${formatItalianDate(row.date_from)} ${formatTime(row.time_from)}`;
                return (
                  <tr key={row.id}>
                    <td>{from}</td>
                    <td>{`${formatItalianDate(row.date_to)} ${formatTime(row.time_to)}`}</td>
                    <td>{formatEuro(row.cost_euro)}</td>
                    <td>{describeDiscount(row)}</td>
                    <td>
                      <button
                        type="button"
                        className="mr-btn mr-btn--small mr-btn--danger"
                        aria-label={t('routesAdmin.pricing.deleteRow', { from })}
                        disabled={remove.isPending && remove.variables === row.id}
                        onClick={() => handleDelete(row)}
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
      )}
      <h3 className="mr-section-title">{t('routesAdmin.pricing.newRow')}</h3>
      <PricingForm isSaving={add.isPending} onAdd={handleAdd} />
    </Modal>
  );
}

/** The message of a thrown value. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
