import {
  type IdentifyResponse,
  type PlayerProfile,
  players,
  type Registration,
  type RegistrationWrite,
  type ResendVerificationResponse,
  type VerifyEmailResponse,
} from '@tappa/contracts';
import { useMemo } from 'react';
import { apiCall } from '../lib/api-client';
import { queryOptions, queryStore, useQuery } from '../lib/query';

/** Query keys of the team identified on this phone (the phone's query cache, `lib/query`). */
export const playerKeys = {
  /** The team's profile (`GET /me`). */
  profile: (slug: string) => ['play', slug, 'me'] as const,
  /** The verification of an e-mailed link's token. */
  verification: (slug: string, token: string | null) => ['play', slug, 'verify', token] as const,
};

/** The start screen's e-mail: sends a mail or answers the team. */
export function identifyPlayer(slug: string, email: string): Promise<IdentifyResponse> {
  return apiCall(players.identify, { params: { slug }, body: { email: email.trim() } });
}

/** The verification link once more to `email`. */
export function resendVerification(
  slug: string,
  email: string,
): Promise<ResendVerificationResponse> {
  return apiCall(players.resendVerification, { params: { slug }, body: { email: email.trim() } });
}

/** The token of the e-mailed link; answers the verified e-mail. */
export function verifyEmailToken(slug: string, token: string): Promise<VerifyEmailResponse> {
  return apiCall(players.verify, { params: { slug }, body: { token } });
}

/** The token's verification, sent once per token and never again (a token works only once). */
export function emailVerificationQueryOptions(slug: string, token: string | null) {
  return queryOptions({
    queryKey: playerKeys.verification(slug, token),
    queryFn: () => verifyEmailToken(slug, token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Verifies the e-mailed link's token; idle without a token. */
export function useEmailVerification(slug: string, token: string | null) {
  return useQuery(emailVerificationQueryOptions(slug, token));
}

/** The team identified by its cookie; 401 when there is none. */
export function fetchPlayerProfile(slug: string, signal?: AbortSignal): Promise<PlayerProfile> {
  return apiCall(players.profile, { params: { slug }, signal });
}

/** The team's profile query, fresh for 30 s and not refetched on window focus. */
export function playerProfileQueryOptions(slug: string) {
  return queryOptions({
    queryKey: playerKeys.profile(slug),
    queryFn: ({ signal }) => fetchPlayerProfile(slug, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * The team identified on this phone by its cookie; fails with status 401 when there is none.
 * `fresh` asks the server again on mount instead of trusting the cache (the start screen).
 */
export function usePlayerProfile(slug: string, { fresh = false } = {}) {
  return useQuery({
    ...playerProfileQueryOptions(slug),
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** Functions that keep the cached profile in step with what the start screen learnt. */
export function useProfileCache(slug: string) {
  return useMemo(() => {
    const key = playerKeys.profile(slug);
    return {
      setProfile: (profile: PlayerProfile) => queryStore.setQueryData(key, profile),
      setRegistration: (registration: Registration) =>
        queryStore.setQueryData<PlayerProfile>(key, (previous) => ({
          email: registration.email,
          paused_games: previous?.paused_games ?? [],
          registration,
        })),
      forget: () => queryStore.removeQueries({ queryKey: key }),
    };
  }, [slug]);
}

/**
 * The team form's values: members as typed (comma-separated), whether its photos may go on the
 * photo wall (left out: the server keeps the saved choice), the photo if one was picked.
 */
export interface RegistrationValues {
  teamName: string;
  members: string;
  wallConsent?: boolean;
  avatar: File | null;
}

/** Saves the team's registration as multipart: the `data` JSON and an optional `avatar`. */
export function saveRegistration(slug: string, values: RegistrationValues): Promise<Registration> {
  const data = {
    team_name: values.teamName.trim(),
    team_members: values.members.trim() || null,
    ...(values.wallConsent === undefined ? {} : { photo_wall_consent: values.wallConsent }),
  } satisfies RegistrationWrite;
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (values.avatar) form.append('avatar', values.avatar);
  return apiCall(players.saveRegistration, { params: { slug }, body: form });
}
