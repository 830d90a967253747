import type { SessionResponse, SignInRequest } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from './api-client';

/** React Query key of the signed-in session. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Doc 1 §9: at start the session fetch gives up after 3 s and loading ends anyway. */
export const SESSION_FETCH_TIMEOUT_MS = 3000;

/** The current session, or null when signed out (401) or when the server did not answer in time. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  const timeout = AbortSignal.timeout(SESSION_FETCH_TIMEOUT_MS);
  try {
    return await apiRequest<SessionResponse>('/api/session', {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (timeout.aborted) return null;
    throw error;
  }
}

/** The session query: `data` is null when signed out, undefined while loading. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 30_000,
  });
}

/** Signs in with e-mail and password; the session query holds the answer afterwards. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInRequest) =>
      apiRequest<SessionResponse>('/api/session/sign-in', { method: 'POST', body }),
    onSuccess: (session) => queryClient.setQueryData(SESSION_QUERY_KEY, session),
  });
}

/** Ends the session on the server and forgets every cached answer of the signed-in user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>('/api/session/sign-out', { method: 'POST' }),
    // Errors such as an already missing session are ignored: the user is signed out either way.
    // The session query itself is kept (set to null), so every mounted guard sees the sign-out.
    onSettled: () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
      });
      queryClient.getMutationCache().clear();
    },
  });
}
