import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Doc 2 §9: characters of the description shown before 'Leggi tutto'. */
export const DESCRIPTION_PREVIEW_CHARS = 200;

/** The route's description, cut at 200 characters with 'Leggi tutto' / 'Mostra meno'. */
export function RouteDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESCRIPTION_PREVIEW_CHARS;
  const shown = long && !expanded ? `${text.slice(0, DESCRIPTION_PREVIEW_CHARS).trimEnd()}…` : text;
  return (
    <div className="route-description">
      <p className="route-description__text">{shown}</p>
      {long && (
        <button
          className="player-link route-description__toggle"
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('player.showLess') : t('player.readMore')}
        </button>
      )}
    </div>
  );
}
