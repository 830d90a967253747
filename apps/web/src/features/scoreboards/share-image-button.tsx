import type { PublicTenant, TeamResults } from '@tappa/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { playerLogoUrl } from '../../lib/player-logo';
import '../../lib/results-texts';
import { shareFileName, type ShareImageColors } from './share-image';
import { deliverShareImage, loadShareLogo, renderShareImage } from './share-image-file';

/** The brand's colours as the page has them (its CSS variables), with the stylesheet's defaults. */
function brandColors(element: Element): ShareImageColors {
  const style = getComputedStyle(element);
  const variable = (name: string, fallback: string) =>
    style.getPropertyValue(name).trim() || fallback;
  return {
    background: variable('--color-primary-fill', '#3473db'),
    text: variable('--color-on-primary', '#ffffff'),
    accent: variable('--color-secondary', '#10b981'),
  };
}

/**
 * 'Scarica immagine' (decision 0088): the team's results as a square PNG in the tenant's brand,
 * drawn in the browser; shared through the phone's share sheet when it takes files, else saved.
 */
export function ShareImageButton({
  tenant,
  results,
}: {
  tenant: PublicTenant;
  results: TeamResults;
}) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleShare = async () => {
    const button = buttonRef.current;
    if (!button) return;
    setIsBusy(true);
    setFailure(null);
    try {
      const blob = await renderShareImage({
        tenantName: tenant.name,
        teamName: results.team_name,
        routeTitle: results.route.title,
        position: results.position,
        score: results.route.route_type === 'progressive' ? results.total_score : null,
        colors: brandColors(button),
        logo: await loadShareLogo(playerLogoUrl(tenant)),
        labels: {
          position: t('results.image.position'),
          score: t('results.image.score'),
          completed: t('results.image.completed'),
        },
      });
      await deliverShareImage(blob, {
        fileName: shareFileName(results.team_name),
        title: t('results.shareTitle', { team: results.team_name, route: results.route.title }),
      });
    } catch {
      setFailure(t('results.shareFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="team-results__share">
      <button
        ref={buttonRef}
        type="button"
        className="player-button"
        disabled={isBusy}
        onClick={() => void handleShare()}
      >
        {isBusy ? t('results.sharing') : t('results.share')}
      </button>
      {failure ? (
        <p className="player-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
