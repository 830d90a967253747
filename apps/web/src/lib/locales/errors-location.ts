import type { ApiErrorCode } from '../api-error';
import type { Texts } from './bilingual';

/**
 * The texts of the errors a game answers about location sharing (decision 0086): they join the
 * phone's catalogue with the sharing question and indicator (`locales/it/location.ts`), not with
 * the player pages' first load, and the staff's with the other codes.
 */
export const LOCATION_CODE_TEXTS = {
  location_not_asked: {
    it: 'Questo percorso non chiede la posizione della squadra',
    en: "This route does not ask for the team's position",
  },
  location_not_shared: {
    it: 'La squadra non sta condividendo la posizione',
    en: 'The team is not sharing its position',
  },
  fix_time_invalid: {
    it: "L'orario della posizione non è valido: controlla l'orologio del telefono",
    en: "The position's time is not valid: check the phone's clock",
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;
