import { textsIn } from '../bilingual';
import { LOCATION_CODE_TEXTS } from '../errors-location';

// The live map on the phone (issue 37, decision 0086): these texts join the phone's catalogue
// with the sharing question and its indicator (`lib/location-texts.ts`), only on routes that ask
// for the team's position.

/** Italian texts of the question before the first step, of the indicator and of their refusals. */
export const itLocation = {
  errors: textsIn(LOCATION_CODE_TEXTS, 'it'),
  location: {
    question: 'Condividere la posizione?',
    // The sentence, with the tenant's days; 0 days: deleted at the next hourly pass.
    retention_one:
      'La posizione della squadra è visibile agli organizzatori durante il gioco e cancellata dopo {{count}} giorno',
    retention_other:
      'La posizione della squadra è visibile agli organizzatori durante il gioco e cancellata dopo {{count}} giorni',
    retentionHour:
      "La posizione della squadra è visibile agli organizzatori durante il gioco e cancellata entro un'ora",
    why: 'Perché:',
    share: 'Condividi la posizione',
    decline: 'Gioca senza condividere',
    shared: 'Posizione condivisa',
    notShared: 'Posizione non condivisa',
    suspend: 'Sospendi condivisione',
    unavailable: 'Il browser non dà la posizione: consentila nelle sue impostazioni',
  },
};
