import type { ApiErrorCode } from '../api-error';
import type { Texts } from './bilingual';

/**
 * The texts of the errors only taking a hint answers (decision 0085): they join the phone's
 * catalogue with a step's hints (`locales/it/hints.ts`), not with the player pages' first load,
 * and the staff's with the other codes.
 */
export const HINT_CODE_TEXTS = {
  hint_not_found: { it: 'Suggerimento non trovato', en: 'Hint not found' },
  hint_not_reached: {
    it: 'Questa tappa non è ancora stata raggiunta: i suoi suggerimenti non sono disponibili',
    en: "You have not reached this step yet: its hints aren't available",
  },
  hint_locked: {
    it: 'Questo suggerimento sarà disponibile tra {{retry_after_s}} secondi',
    en: 'This hint will be available in {{retry_after_s}} seconds',
  },
  hint_budget_spent: {
    it: 'Questo suggerimento costa più dei {{left}} punti rimasti per i suggerimenti',
    en: 'This hint costs more than the {{left}} points left for hints',
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;
