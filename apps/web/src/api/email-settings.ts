import {
  emailSettings,
  type EmailSettingsView,
  type EmailSettingsWrite,
  type TestEmail,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of the platform's e-mail sending settings. */
export const emailSettingsKeys = {
  /** The one settings row, as the server shows it (the key masked). */
  all: ['platform', 'email-settings'] as const,
};

/** The sender and the stored key, masked. */
export function fetchEmailSettings(signal?: AbortSignal): Promise<EmailSettingsView> {
  return apiCall(emailSettings.read, { signal });
}

/** The e-mail settings query, never served from the cache (the form starts from the stored row). */
export function emailSettingsQueryOptions() {
  return queryOptions({
    queryKey: emailSettingsKeys.all,
    queryFn: ({ signal }) => fetchEmailSettings(signal),
    staleTime: 0,
  });
}

/** The stored e-mail settings. */
export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}

/** Saves the provider's key and the sender; the answer (key masked) replaces the cache. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsWrite) => apiCall(emailSettings.save, { body }),
    onSuccess: (view) => queryClient.setQueryData(emailSettingsKeys.all, view),
  });
}

/** Sends a test e-mail through the transport real mail takes; the answer names that transport. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (body: TestEmail) => apiCall(emailSettings.test, { body }),
  });
}
