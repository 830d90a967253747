import type { RoutePayment, RouteSummary } from '@tappa/contracts';
import { isTenantAdmin, formatEuroCents } from '@tappa/domain';
import { useState } from 'react';
import {
  fetchRoutePaymentsCsv,
  useRefundPayment,
  useRoutePayments,
} from '../../api/route-payments';
import { useSession } from '../../api/session';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { tenantRoleFor } from '../../lib/session-roles';
import { TenantTime } from '../../components/tenant-clock';
import '../../components/admin-ui.css';
import './manage-routes.css';
import { dialogs } from '../../lib/dialogs';

/** Props of `PaymentsDialog`. */
export interface PaymentsDialogProps {
  tenantSlug: string;
  route: RouteSummary;
  onClose: () => void;
}

/** What the dialog last said about an action: a success or an error, in words. */
type Outcome = { kind: 'success' | 'error'; text: string } | null;

/**
 * A paid route's payments (decision 0046): the table, the CSV the server writes, and a whole
 * refund of a completed payment after a confirmation, for the tenant admins and the superadmin
 * (a game manager reads the list only; the server refuses the refund too).
 */
export function PaymentsDialog({ tenantSlug, route, onClose }: PaymentsDialogProps) {
  const { t } = useTranslation();
  const payments = useRoutePayments(tenantSlug, route.id);
  const refund = useRefundPayment(tenantSlug, route.id);
  const session = useSession();
  const canRefund = isTenantAdmin(session.data ? tenantRoleFor(session.data, tenantSlug) : null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function handleExport() {
    setOutcome(null);
    try {
      saveBlob(
        await fetchRoutePaymentsCsv(tenantSlug, route.id),
        `${tenantSlug}-${route.slug}-payments.csv`,
      );
    } catch (error) {
      const text = t('routePayments.exportError', { msg: errorText(error, t) });
      setOutcome({ kind: 'error', text });
    }
  }

  async function handleRefund(payment: RoutePayment) {
    const amount = formatEuroCents(payment.amount_cents);
    const team = payment.team_name;
    // An erased team (decision 0057) has no name, and no route to be held from any more.
    const question =
      team === null
        ? t('routePayments.confirmErasedRefund', { amount })
        : t('routePayments.confirmRefund', { amount, team });
    if (!(await dialogs.confirm(question))) return;
    const done =
      team === null ? t('routePayments.erasedRefunded') : t('routePayments.refunded', { team });
    setOutcome(null);
    refund.mutate(payment.id, {
      onSuccess: () => setOutcome({ kind: 'success', text: done }),
      onError: (error) =>
        setOutcome({
          kind: 'error',
          text: t('routePayments.refundError', { msg: errorText(error, t) }),
        }),
    });
  }

  return (
    <Modal
      title={t('routePayments.title')}
      closeLabel={t('routePayments.close')}
      size="wide"
      onClose={onClose}
    >
      <div className="mr-payments__head">
        <p className="muted mr-lead">{t('routePayments.routeLabel', { title: route.title })}</p>
        <button
          type="button"
          className="btn"
          disabled={payments.data === undefined || payments.data.length === 0}
          onClick={() => void handleExport()}
        >
          {t('routePayments.exportCsv')}
        </button>
      </div>
      {outcome ? (
        <p
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={outcome.kind === 'error' ? 'alert alert--error' : 'alert alert--success'}
        >
          {outcome.text}
        </p>
      ) : null}
      <QueryState
        query={payments}
        errorText={(error) => t('routePayments.loadError', { msg: errorText(error, t) })}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('routePayments.empty')}</p>
          ) : (
            <PaymentsTable
              rows={rows}
              refunding={refund.isPending ? refund.variables : undefined}
              onRefund={canRefund ? (payment) => void handleRefund(payment) : null}
            />
          )
        }
      </QueryState>
    </Modal>
  );
}

/** Props of `PaymentsTable`. */
interface PaymentsTableProps {
  rows: readonly RoutePayment[];
  /** The id of the payment being refunded, if any. */
  refunding: string | undefined;
  /** Refunds a payment; null when the viewer may not (no Refund buttons then). */
  onRefund: ((payment: RoutePayment) => void) | null;
}

/**
 * The payments: team and e-mail ('Squadra cancellata' and '—' once erased), amount (and list
 * price), discount, status, date, refund.
 */
function PaymentsTable({ rows, refunding, onRefund }: PaymentsTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routePayments' });
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('columns.team')}</th>
            <th scope="col">{t('columns.email')}</th>
            <th scope="col">{t('columns.amount')}</th>
            <th scope="col">{t('columns.discount')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.date')}</th>
            {onRefund ? <th scope="col">{t('columns.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((payment) => (
            <tr key={payment.id}>
              <td>{payment.team_name ?? <em className="muted">{t('erasedTeam')}</em>}</td>
              <td>{payment.email ?? '—'}</td>
              <td>
                {formatEuroCents(payment.amount_cents)}
                {payment.list_price_cents !== payment.amount_cents ? (
                  <span className="muted mr-payments__note">
                    {t('listPrice', { amount: formatEuroCents(payment.list_price_cents) })}
                  </span>
                ) : null}
              </td>
              <td>{payment.discount_code ?? '—'}</td>
              <td>
                {t(`statuses.${payment.status}`)}
                {payment.refunded_cents > 0 ? (
                  <span className="muted mr-payments__note">
                    {t('refundedAmount', { amount: formatEuroCents(payment.refunded_cents) })}
                  </span>
                ) : null}
              </td>
              <td>
                <TenantTime iso={payment.completed_at ?? payment.created_at} style="dateTime" />
              </td>
              {onRefund ? (
                <td>
                  {payment.status === 'completed' ? (
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={
                        payment.team_name === null
                          ? t('erasedRefundLabel')
                          : t('refundLabel', { team: payment.team_name })
                      }
                      disabled={refunding !== undefined}
                      onClick={() => onRefund(payment)}
                    >
                      {refunding === payment.id ? t('refunding') : t('refund')}
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
