import { audit, type AuditLogPage } from '@tappa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of the audit log. */
export const auditLogKeys = {
  /** Every page of the audit log. */
  all: ['platform', 'audit-log'] as const,
};

/** A page of entries, newest first, older than `before` (the newest page when null). */
export function fetchAuditLogPage(
  before: number | null,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  return apiCall(audit.page, { query: before === null ? {} : { before }, signal });
}

/** The audit log, a page at a time: `fetchNextPage` loads older entries. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditLogKeys.all,
    queryFn: ({ pageParam, signal }) => fetchAuditLogPage(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    // A panel opened again shows what changed since.
    staleTime: 0,
  });
}
