import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A left-pointing chevron for round back buttons (decorative: the button carries the label). */
function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
      <BackIcon />
    </Link>
  );
}
