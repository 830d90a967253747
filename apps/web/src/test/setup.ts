import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../lib/admin-texts';

// Every test starts clean: real timers, no stubbed globals or spies, nothing rendered.
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cleanup();
});
