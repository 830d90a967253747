import { useParams, useSearchParams } from '../../../lib/router';
import { useProfileCache } from '../../../api/play';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { VerifyEmail } from '../../../features/player-start/verify-email';
import { useTranslation } from '../../../lib/i18n';

/** `/:tenantSlug/verify-email?token=`: verifies the e-mailed link, then opens the start screen. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const token = useSearchParams()[0].get('token');
  const cache = useProfileCache(slug);
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('player.registrationTitle', { tenant: tenant.name })}
    >
      {(tenant) => (
        <>
          <PlayerHeader tenant={tenant} />
          {/* The verification set the player cookie: the start screen asks the server again. */}
          <VerifyEmail slug={slug} token={token} onVerified={cache.forget} />
        </>
      )}
    </PlayerTenantGate>
  );
}

export default VerifyEmailPage;
