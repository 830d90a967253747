import { Link } from '../../components/link';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';

/** Props of `RoundBackLink`. */
export interface RoundBackLinkProps {
  to: string;
  label?: string;
  /** Extra class, e.g. to float the button over an image. */
  className?: string;
}

/** A round back button (a link) with a chevron, labelled for assistive technology. */
export function RoundBackLink({ to, label, className }: RoundBackLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      className={className ? `player-round-button ${className}` : 'player-round-button'}
      to={to}
      aria-label={label ?? t('player.back')}
    >
      <Icon name="back" size={22} strokeWidth={2.5} />
    </Link>
  );
}
