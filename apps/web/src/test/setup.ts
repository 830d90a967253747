import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../lib/admin-texts';
import '../lib/staff-texts';
import { queryStore } from '../lib/query';
import { ASYNC_UTIL_TIMEOUT_MS } from './wait-limits';

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// Every test starts clean: real timers (React Query's notifications on them too), no stubbed
// globals or spies, nothing rendered, nothing in the phone's query cache.
afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler(defaultScheduler);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cleanup();
  queryStore.clear();
});
