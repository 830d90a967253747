import { useParams, useSearchParams } from '../../../lib/router';
import { useProfileCache } from '../../../api/play';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { useGoToGameplay } from '../../../features/player-common/use-resume-game';
import { ContinueWithCode } from '../../../features/player-start/continue-with-code';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/continua[?code=]`: a team's second phone joins its game with the code the first
 * phone shows (decision 0066); the QR code's address carries the code and needs no typing.
 */
export function ContinuePage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const code = useSearchParams()[0].get('code');
  const cache = useProfileCache(slug);
  const goToGameplay = useGoToGameplay(slug);
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('handoff.pageTitle', { tenant: tenant.name })}
    >
      {(tenant) => (
        <>
          <PlayerHeader tenant={tenant} />
          <ContinueWithCode
            slug={slug}
            initialCode={code}
            onContinued={(game) => {
              // The server set the team's cookie: the start screen asks who this phone is again.
              cache.forget();
              goToGameplay(game);
            }}
          />
        </>
      )}
    </PlayerTenantGate>
  );
}

export default ContinuePage;
