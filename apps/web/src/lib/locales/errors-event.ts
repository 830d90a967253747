import type { ApiErrorCode } from '../api-error';
import type { Texts } from './bilingual';

/**
 * The texts of the errors a game answers before its event starts or while it is paused for
 * everyone (decision 0085): they join the phone's catalogue with the event's waiting card and
 * pause notice (`locales/it/event.ts`), not with the player pages' first load, and the staff's
 * with the other codes.
 */
export const EVENT_CODE_TEXTS = {
  event_not_started: {
    it: 'Il gioco non è ancora cominciato: si parte tra {{retry_after_s}} secondi',
    en: 'The game has not started yet: it starts in {{retry_after_s}} seconds',
  },
  event_paused: {
    it: 'Il gioco è in pausa per tutti: riprova quando riprende',
    en: 'The game is paused for everyone: try again once it resumes',
  },
} satisfies Partial<Record<ApiErrorCode, Texts>>;
