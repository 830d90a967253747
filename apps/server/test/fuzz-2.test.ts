import { fuzzTier } from './helpers/fuzz-tier';

// The fuzz tier (issue 12) in three files, so that the runner's workers share it.
fuzzTier(2, 3);
