import type { Catalogue } from './it';
import { enAccount } from './en/account';
import { enAdmin } from './en/admin';
import { enPlayer } from './en/player';

/** English catalogue: same keys as Italian; English spec texts identical, Italian ones translated. */
export const en = {
  ...enAccount,
  ...enAdmin,
  ...enPlayer,
  errors: { ...enAccount.errors, ...enAdmin.errors },
} satisfies Catalogue;
