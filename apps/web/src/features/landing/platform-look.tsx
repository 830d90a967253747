import type { CSSProperties } from 'react';
import { usePlatformBrand } from '../../api/platform-brand';
import { brandStyle } from '../../lib/brand-style';
import { useDocumentHead } from '../../lib/document-head';
import { useTranslation } from '../../lib/i18n';
import { TappaMark } from './tappa-mark';

/**
 * The platform brand on the pages no tenant owns (`/` and `/login`, doc 1 §2): sets its favicon
 * while mounted and answers its colours as the CSS variables the styles read (none until loaded,
 * so the stylesheet's defaults show meanwhile).
 */
export function usePlatformLook(): CSSProperties | undefined {
  const brand = usePlatformBrand().data;
  useDocumentHead({ faviconUrl: brand?.favicon_url });
  return brandStyle(brand);
}

/** The platform logo when the brand has one, else Tappa's mark. */
export function PlatformMark({ size }: { size: number }) {
  const { t } = useTranslation();
  const url = usePlatformBrand().data?.logo_url;
  if (!url) return <TappaMark size={size} />;
  return (
    <img
      className="platform-mark"
      src={url}
      alt={t('shell.platformLogo')}
      style={{ height: size, maxWidth: size * 4 }}
    />
  );
}
