import type { PlayerProfile, Registration } from '@tappa/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../lib/router';
import { usePlayerProfile } from '../../api/play';
import { LoadingSpinner } from '../../components/loading-spinner';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { returnState } from './return-path';

/** A profile whose team has registered. */
export type RegisteredProfile = PlayerProfile & { registration: Registration };

/** Props of `RequireTeam`. */
export interface RequireTeamProps {
  slug: string;
  /** Rendered when the phone is identified but the team has not registered yet. */
  unregistered?: (profile: PlayerProfile) => ReactNode;
  children: (profile: RegisteredProfile) => ReactNode;
}

/**
 * Renders its children for the team identified on this phone; without one (401), or without a
 * registration when `unregistered` is not given, it redirects to the start screen, which brings
 * the team back to this page (path and query) once it has registered.
 */
export function RequireTeam({ slug, unregistered, children }: RequireTeamProps) {
  const { t } = useTranslation();
  const profile = usePlayerProfile(slug);
  const location = useLocation();
  const toStart = <Navigate to={`/${slug}/start`} replace state={returnState(location)} />;
  if (profile.isPending) return <LoadingSpinner />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 401) {
      return toStart;
    }
    return (
      <p className="player-alert" role="alert">
        {errorText(profile.error, t)}
      </p>
    );
  }
  const { registration } = profile.data;
  if (registration) return children({ ...profile.data, registration });
  if (unregistered) return unregistered(profile.data);
  return toStart;
}
