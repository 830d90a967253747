import type { AccessCode } from '@tappa/contracts';
import { usePublicTenant } from '../../api/public-tenants';
import { QrCodeImage } from '../../components/qr-code-image';
import { useTranslation } from '../../lib/i18n';

/** Cards on one A4 sheet: two columns of five, each 90 × 54 mm (a business card's size). */
export const CARDS_PER_SHEET = 10;

/** The route's details page, where a team without a QR reader types the code itself. */
export function routeAddress(origin: string, tenantSlug: string, routeSlug: string) {
  return `${origin}/${encodeURIComponent(tenantSlug)}/${encodeURIComponent(routeSlug)}/details`;
}

/**
 * The player's address that opens the route with the code filled in: the route's details page,
 * whose `?code=` fills the access-code dialog (the team still confirms it).
 */
export function codeLink(origin: string, tenantSlug: string, routeSlug: string, code: string) {
  return `${routeAddress(origin, tenantSlug, routeSlug)}?code=${encodeURIComponent(code)}`;
}

/** An address as a person types it: without `https://` (browsers add it). */
export function typedAddress(address: string): string {
  return address.replace(/^https?:\/\//, '');
}

/** `items` in sheets of `perSheet` (the last one may be shorter). */
export function sheetsOf<T>(items: readonly T[], perSheet = CARDS_PER_SHEET): T[][] {
  const sheets: T[][] = [];
  for (let start = 0; start < items.length; start += perSheet) {
    sheets.push(items.slice(start, start + perSheet));
  }
  return sheets;
}

/** Props of `CodeCardsSheet`. */
export interface CodeCardsSheetProps {
  tenantSlug: string;
  routeSlug: string;
  routeTitle: string;
  codes: readonly AccessCode[];
  /** The app's origin (`window.location.origin`; tests give their own). */
  origin?: string;
}

/**
 * The printable sheets: one card per code that works on its own (the tenant's logo, the route,
 * 'Inquadra il codice QR per giocare', the address to type, the code and its QR), ten cards per
 * A4 sheet with dashed cut lines.
 */
export function CodeCardsSheet({
  tenantSlug,
  routeSlug,
  routeTitle,
  codes,
  origin = window.location.origin,
}: CodeCardsSheetProps) {
  const { t } = useTranslation();
  const tenant = usePublicTenant(tenantSlug).data;
  const sheets = sheetsOf(codes);
  const address = routeAddress(origin, tenantSlug, routeSlug);
  return (
    <section className="ac-sheet" aria-label={t('accessCodesAdmin.printSheet')}>
      <div className="ac-sheet__bar ac-screen">
        <p className="muted">
          {t('accessCodesAdmin.sheetIntro')}{' '}
          {t('accessCodesAdmin.sheetCut', { n: CARDS_PER_SHEET })}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('accessCodesAdmin.print')}
        </button>
      </div>
      {sheets.map((sheet, index) => (
        <ol
          key={sheet[0]?.id ?? index}
          className="ac-page"
          aria-label={t('accessCodesAdmin.sheetPage', { n: index + 1, total: sheets.length })}
        >
          {sheet.map((code) => (
            <li key={code.id} className="ac-card">
              <div className="ac-card__text">
                <p className="ac-card__brand">
                  {tenant?.logo_url ? (
                    <img className="ac-card__logo" src={tenant.logo_url} alt={tenant.name} />
                  ) : (
                    <span className="ac-card__tenant">{tenant?.name}</span>
                  )}
                </p>
                <p className="ac-card__route">{routeTitle}</p>
                <p className="ac-card__scan">{t('accessCodesAdmin.cardScan')}</p>
                <p className="ac-card__address">
                  {t('accessCodesAdmin.cardAddress')}{' '}
                  <span className="ac-card__url">{typedAddress(address)}</span>{' '}
                  {t('accessCodesAdmin.cardCode')}
                </p>
                <p className="ac-card__code">{code.code}</p>
              </div>
              <QrCodeImage
                className="ac-card__qr"
                text={codeLink(origin, tenantSlug, routeSlug, code.code)}
                alt={t('accessCodesAdmin.qrAlt', { code: code.code })}
                failedText={t('accessCodesAdmin.qrFailed')}
              />
            </li>
          ))}
        </ol>
      ))}
    </section>
  );
}
