import type { Catalogue } from './it';
import { enAccount } from './en/account';
import { enAdmin } from './en/admin';
import { enEvent } from './en/event';
import { enHints } from './en/hints';
import { enLocation } from './en/location';
import { enMessages } from './en/messages';
import { enPlayer } from './en/player';
import { enResults } from './en/results';
import { enStaff } from './en/staff';

/** English catalogue: same keys as Italian; English spec texts identical, Italian ones translated. */
export const en = {
  ...enAccount,
  ...enAdmin,
  ...enPlayer,
  ...enMessages,
  ...enHints,
  ...enResults,
  ...enEvent,
  ...enLocation,
  ...enStaff,
  errors: { ...enAccount.errors, ...enAdmin.errors },
} satisfies Catalogue;
