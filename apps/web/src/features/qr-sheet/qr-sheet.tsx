import type { AdminStep } from '@tappa/contracts';
import { Link } from '../../components/link';
import { useRouteSummary } from '../../api/routes';
import { useRouteSteps } from '../../api/steps';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useDocumentHead } from '../../lib/document-head';
import { errorText } from '../../lib/error-text';
import { QrCodeImage } from '../../components/qr-code-image';
import '../../components/admin-ui.css';
import { useTranslation } from '../../lib/i18n';
import './qr-sheet.css';

/** Props of `QrSheet`. */
export interface QrSheetProps {
  tenantSlug: string;
  routeId: string;
}

/** A qr step with its number in the route (1-based, counting every step). */
interface QrCard {
  number: number;
  step: AdminStep;
  code: string;
}

/** The route's qr steps, numbered as in the whole route, with the code each one encodes. */
export function qrCards(steps: readonly AdminStep[]): QrCard[] {
  return steps.flatMap((step, index) =>
    step.check_type === 'qr'
      ? [{ number: index + 1, step, code: step.check_answer?.trim() ?? '' }]
      : [],
  );
}

/** Printable sheet: one card per qr step (large QR code, step number, place, route title). */
export function QrSheet({ tenantSlug, routeId }: QrSheetProps) {
  const { t } = useTranslation();
  // Printing reads the steps fresh.
  const steps = useRouteSteps(tenantSlug, routeId);
  const routeTitle = useRouteSummary(tenantSlug, routeId).data?.title ?? null;
  const title = routeTitle ? t('qrSheet.title', { title: routeTitle }) : t('qrSheet.titleFallback');
  useDocumentHead({ title });

  if (steps.isPending) return <LoadingSpinner />;
  const cards = steps.isSuccess ? qrCards(steps.data) : [];

  return (
    <main className="admin-page qr">
      <header className="qr-toolbar">
        <div>
          <Link
            className="qr-link"
            to={`/${tenantSlug}/routes/${encodeURIComponent(routeId)}/steps`}
          >
            {t('qrSheet.backToSteps')}
          </Link>
          <h1 className="qr-toolbar__title">{title}</h1>
          {cards.length > 0 ? <p className="muted">{t('qrSheet.intro')}</p> : null}
        </div>
        {cards.length > 0 ? (
          <button type="button" className="qr-print" onClick={() => window.print()}>
            {t('qrSheet.print')}
          </button>
        ) : null}
      </header>
      {steps.isError ? (
        <p role="alert" className="alert alert--error">
          {errorText(steps.error, t)}
        </p>
      ) : cards.length === 0 ? (
        <p className="qr-empty">{t('qrSheet.empty')}</p>
      ) : (
        <ol className="qr-cards">
          {cards.map(({ number, step, code }) => (
            <li key={step.id} className="qr-card">
              {routeTitle ? <p className="qr-card__route">{routeTitle}</p> : null}
              <p className="qr-card__step">{t('qrSheet.step', { n: number })}</p>
              <h2 className="qr-card__place">{step.place}</h2>
              {code === '' ? (
                <p className="qr-failed">{t('qrSheet.noCode')}</p>
              ) : (
                <>
                  <QrCodeImage
                    className="qr-card__code"
                    text={code}
                    alt={t('qrSheet.qrAlt', { n: number, place: step.place })}
                    failedText={t('qrSheet.qrFailed')}
                  />
                  <p className="qr-card__text">{t('qrSheet.code', { code })}</p>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
