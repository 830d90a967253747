import { usePlatformBrand } from '../api/platform-brand';
import { useTranslation } from '../lib/i18n';
import './ui.css';

/** Props of `FooterLogo`. */
export interface FooterLogoProps {
  /** A tenant's footer logo; when absent the platform brand's one is shown. */
  url?: string | null;
  /** Alternative text of a tenant's logo (the platform's reads 'Tappa'). */
  alt?: string;
}

/** A footer logo: the given one, else the platform brand's, else the word 'Tappa'. */
export function FooterLogo({ url, alt }: FooterLogoProps) {
  const { t } = useTranslation();
  const brand = usePlatformBrand(!url);
  if (url) return <img className="footer-logo" src={url} alt={alt ?? ''} />;
  const platformUrl = brand.data?.footer_logo_url;
  if (platformUrl) {
    return <img className="footer-logo" src={platformUrl} alt={t('shell.platformLogo')} />;
  }
  return <span className="footer-logo footer-logo--text">Tappa</span>;
}
