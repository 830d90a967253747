import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';

/** Props of `AppProviders`; tests may pass their own `queryClient`. */
export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * Wraps the app in the React Query client. Translations need no provider: `useTranslation`
 * reads the one i18n engine (lib/i18n.ts) directly.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
