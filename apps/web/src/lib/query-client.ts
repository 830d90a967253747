import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from './api-error';

/** A QueryClient whose queries retry only retryable API errors (network, 502, 503, 504). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery },
      // Mutations are not idempotent: never retried automatically.
      mutations: { retry: false },
    },
  });
}
