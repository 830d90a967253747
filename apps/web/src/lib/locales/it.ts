import { itAccount } from './it/account';
import { itAdmin } from './it/admin';
import { itEvent } from './it/event';
import { itHints } from './it/hints';
import { itLocation } from './it/location';
import { itMessages } from './it/messages';
import { itPlayer } from './it/player';
import { itResults } from './it/results';
import { itStaff } from './it/staff';

/** Italian catalogue (default and fallback language): every spec text verbatim, grouped by area. */
export const it = {
  ...itAccount,
  ...itAdmin,
  ...itPlayer,
  ...itMessages,
  ...itHints,
  ...itResults,
  ...itEvent,
  ...itLocation,
  ...itStaff,
  // Every page's error texts, and the admin pages' (which join them when those pages load).
  errors: { ...itAccount.errors, ...itAdmin.errors },
};

/** Shape every catalogue has: the Italian catalogue's keys, each with a string. */
export type Catalogue = typeof it;
