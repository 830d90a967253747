import { textsIn } from '../bilingual';
import { EVENT_CODE_TEXTS } from '../errors-event';

// One clock for the event (issue 36, decision 0085): these texts join the phone's catalogue with
// the waiting card and the pause notice (`lib/event-texts.ts`), only on routes with an event.

/** Italian texts of the wait before the event's start and of its pause for everyone. */
export const itEvent = {
  errors: textsIn(EVENT_CODE_TEXTS, 'it'),
  event: {
    startsIn: 'Si parte tra {{time}}',
    startsAt: 'Tutte le squadre partono insieme alle {{time}}.',
    paused: 'Gioco in pausa per tutti',
    pausedHint: 'Riprenderà a breve: il tempo è fermo.',
  },
};
