import { backups } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query key of the backup archives. */
export const BACKUPS_KEY = ['platform', 'backups'] as const;

/** The archives, newest first, and the daily schedule. */
export function backupsQueryOptions() {
  return queryOptions({
    queryKey: BACKUPS_KEY,
    queryFn: ({ signal }) => apiCall(backups.list, { signal }),
  });
}

/** The archives and the daily schedule. */
export function useBackups() {
  return useQuery(backupsQueryOptions());
}

/** Writes a backup now, then refreshes the list. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(backups.create, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}

/** The password given again → a short-lived download link of the archive. */
export function useBackupDownloadLink() {
  return useMutation({
    mutationFn: (input: { archive: string; password: string }) =>
      apiCall(backups.downloadLink, {
        params: { archive: input.archive },
        body: { password: input.password },
      }),
  });
}

/** Deletes an archive, then refreshes the list. */
export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archive: string) => apiCall(backups.remove, { params: { archive } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}
