import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from './api-error';

/**
 * A QueryClient whose queries retry only retryable API errors (network, 502, 503, 504). Queries
 * are tried even when the browser says it is offline (`offlineFirst`): the player's service
 * worker may answer from its cache (decision 0037); only their retries wait for the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, networkMode: 'offlineFirst' },
      // Mutations are not idempotent: never retried automatically.
      mutations: { retry: false },
    },
  });
}
