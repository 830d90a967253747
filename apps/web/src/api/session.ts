import { session, type SessionResponse, type SignInRequest } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, ApiError } from '../lib/api-client';

/** React Query keys of the signed-in session. */
export const sessionKeys = {
  /** The session itself; every other cached answer belongs to the signed-in user. */
  all: ['session'] as const,
};

/** Doc 1 §9: at start the session fetch gives up after 3 s and loading ends anyway. */
export const SESSION_FETCH_TIMEOUT_MS = 3000;

/** The current session, or null when signed out (401) or when the server did not answer in time. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  const timeout = AbortSignal.timeout(SESSION_FETCH_TIMEOUT_MS);
  try {
    return await apiCall(session.read, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (timeout.aborted) return null;
    throw error;
  }
}

/** The session query, fresh for 30 s. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 30_000,
  });
}

/** The session query: `data` is null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Signs in with e-mail and password; answers the session. */
export function signIn(body: SignInRequest): Promise<SessionResponse> {
  return apiCall(session.signIn, { body });
}

/** Signs in with e-mail and password; the session query holds the answer afterwards. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.all, session),
  });
}

/** Ends the session on the server. */
export function signOut(): Promise<undefined> {
  return apiCall(session.signOut);
}

/** Ends the session on the server and forgets every cached answer of the signed-in user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Errors such as an already missing session are ignored: the user is signed out either way.
    // The session query itself is kept (set to null), so every mounted guard sees the sign-out.
    onSettled: () => {
      queryClient.setQueryData(sessionKeys.all, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionKeys.all[0],
      });
      queryClient.getMutationCache().clear();
    },
  });
}
