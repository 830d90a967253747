import type {
  EmailSettingsView,
  EmailSettingsWrite,
  TestEmail,
  TestEmailResult,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of the platform's e-mail sending settings. */
export const emailSettingsKeys = {
  /** The one settings row, as the server shows it (the key masked). */
  all: ['platform', 'email-settings'] as const,
};

const EMAIL_SETTINGS_PATH = apiPath('platform', 'email-settings');

/** `GET /api/platform/email-settings`: the sender and the stored key, masked. */
export function fetchEmailSettings(signal?: AbortSignal): Promise<EmailSettingsView> {
  return apiRequest<EmailSettingsView>(EMAIL_SETTINGS_PATH, { signal });
}

/** The e-mail settings query, never served from the cache (the form starts from the stored row). */
export function emailSettingsQueryOptions() {
  return queryOptions({
    queryKey: emailSettingsKeys.all,
    queryFn: ({ signal }) => fetchEmailSettings(signal),
    staleTime: 0,
  });
}

/** The stored e-mail settings (`GET /api/platform/email-settings`). */
export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}

/** Saves the provider's key and the sender (`PUT`); the answer (key masked) replaces the cache. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsWrite) =>
      apiRequest<EmailSettingsView>(EMAIL_SETTINGS_PATH, { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(emailSettingsKeys.all, view),
  });
}

/**
 * Sends a test e-mail through the transport real mail takes (`POST …/email-settings/test`); the
 * answer names that transport.
 */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (body: TestEmail) =>
      apiRequest<TestEmailResult>(apiPath('platform', 'email-settings', 'test'), {
        method: 'POST',
        body,
      }),
  });
}
