import type { PublicTenant, Registration } from '@tappa/contracts';
import { useLocation, useNavigate, useParams, useSearchParams } from '../../../lib/router';
import { usePlayerProfile, useProfileCache } from '../../../api/play';
import { Link } from '../../../components/link';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PlayerHeader, TenantIntro } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { pathAfterStart } from '../../../features/player-common/return-path';
import { useResumeGame } from '../../../features/player-common/use-resume-game';
import { modeOfProfile } from '../../../features/player-start/start-mode';
import { StartScreen } from '../../../features/player-start/start-screen';
import { useTranslation } from '../../../lib/i18n';

/** Navigation state the start screen hands to the page it opens next (doc 2 §2). */
export interface StartNavigationState {
  email: string;
  teamName: string;
}

/**
 * `/:tenantSlug/start`: the player start screen. A phone already identified (cookie, or just
 * verified via `?verified_email=`) goes straight to the team's form; others see the e-mail step.
 * Once saved, the team goes to select-route, or back to the page that sent it here.
 */
export function PlayerStartPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('player.registrationTitle', { tenant: tenant.name })}
    >
      {(tenant) => <StartContent tenant={tenant} />}
    </PlayerTenantGate>
  );
}

/** The start screen of a loaded tenant, once the server said who this phone is. */
function StartContent({ tenant }: { tenant: PublicTenant }) {
  const { t } = useTranslation();
  const slug = tenant.slug;
  const navigate = useNavigate();
  const sentFrom: unknown = useLocation().state;
  const [params] = useSearchParams();
  const verifiedEmail = params.get('verified_email') ?? undefined;
  const profile = usePlayerProfile(slug, { fresh: true });
  const cache = useProfileCache(slug);
  const { resume, resumingId } = useResumeGame(slug);

  const handleSaved = (registration: Registration) => {
    cache.setRegistration(registration);
    const state = {
      email: registration.email,
      teamName: registration.team_name,
    } satisfies StartNavigationState;
    void navigate(pathAfterStart(sentFrom, slug), { state });
  };

  return (
    <>
      <PlayerHeader tenant={tenant} />
      <TenantIntro tenant={tenant} />
      {profile.isFetchedAfterMount ? (
        <StartScreen
          slug={slug}
          initialMode={profile.data ? modeOfProfile(profile.data) : { kind: 'email-check' }}
          initialEmail={verifiedEmail}
          onProfile={cache.setProfile}
          onSaved={handleSaved}
          onResume={resume}
          resumingId={resumingId}
        />
      ) : (
        <LoadingSpinner />
      )}
      <p className="start-handoff-link">
        <Link className="player-link" to={`/${slug}/continua`}>
          {t('handoff.startLink')}
        </Link>
      </p>
    </>
  );
}

export default PlayerStartPage;
