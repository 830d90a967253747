import type { ApiErrorCode } from '../api-error';
import type { Texts } from './bilingual';

/**
 * The texts of the errors only a team's own results answer (decision 0088): they join the
 * phone's catalogue with 'I nostri risultati' (`locales/it/results.ts`), not with the player
 * pages' first load, and the staff's with the other codes.
 */
export const RESULTS_CODE_TEXTS = {
  game_not_over: {
    it: 'Il gioco non è ancora terminato: i risultati arrivano alla fine',
    en: 'The game is not over yet: the results come at the end',
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;
