import { useTranslation } from '../lib/i18n';

/** Props of `PagePlaceholder`. */
export interface PagePlaceholderProps {
  /** The page's name, shown as its heading. */
  name: string;
}

/** Stand-in for a page not built yet: its name and a 'coming soon' note, nothing else. */
export function PagePlaceholder({ name }: PagePlaceholderProps) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card">
        <h1 className="card__title">{name}</h1>
        <p className="muted">{t('common.comingSoon')}</p>
      </section>
    </main>
  );
}
