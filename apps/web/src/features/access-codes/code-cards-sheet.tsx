import type { AccessCode } from '@tappa/contracts';
import { QrCodeImage } from '../../components/qr-code-image';
import { useTranslation } from '../../lib/i18n';

/**
 * The player's address that opens the route with the code filled in: the route's details page,
 * whose `?code=` fills the access-code dialog (the team still confirms it).
 */
export function codeLink(origin: string, tenantSlug: string, routeSlug: string, code: string) {
  const path = `/${encodeURIComponent(tenantSlug)}/${encodeURIComponent(routeSlug)}/details`;
  return `${origin}${path}?code=${encodeURIComponent(code)}`;
}

/** Props of `CodeCardsSheet`. */
export interface CodeCardsSheetProps {
  tenantSlug: string;
  routeSlug: string;
  routeTitle: string;
  codes: readonly AccessCode[];
}

/** The printable sheet: one card per code (route title, code, QR), many cards per A4 page. */
export function CodeCardsSheet({ tenantSlug, routeSlug, routeTitle, codes }: CodeCardsSheetProps) {
  const { t } = useTranslation();
  return (
    <section className="ac-sheet" aria-label={t('accessCodesAdmin.printSheet')}>
      <div className="ac-sheet__bar ac-screen">
        <p className="muted">{t('accessCodesAdmin.sheetIntro')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('accessCodesAdmin.print')}
        </button>
      </div>
      <ol className="ac-cards">
        {codes.map((code) => (
          <li key={code.id} className="ac-card">
            <p className="ac-card__route">{routeTitle}</p>
            <QrCodeImage
              className="ac-card__qr"
              text={codeLink(window.location.origin, tenantSlug, routeSlug, code.code)}
              alt={t('accessCodesAdmin.qrAlt', { code: code.code })}
              failedText={t('accessCodesAdmin.qrFailed')}
            />
            <p className="ac-card__code">{code.code}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
