import { textsIn } from '../bilingual';
import { RESULTS_CODE_TEXTS } from '../errors-results';

// A team's own results after its game (issue 38, decision 0088): they join the phone's catalogue
// with 'I nostri risultati' (`lib/results-texts.ts`), when the team opens them.

/** Italian texts of 'I nostri risultati' and of its share image. */
export const itResults = {
  errors: textsIn(RESULTS_CODE_TEXTS, 'it'),
  results: {
    summary: 'Riepilogo',
    route: 'Percorso',
    position: 'Posizione',
    score: 'Punteggio',
    totalTime: 'Tempo totale',
    steps: 'Le nostre tappe',
    step: '{{n}}. {{place}}',
    status: { ok: 'Risolta', skipped: 'Saltata', pending: 'Non completata' },
    time: 'Tempo',
    tries: 'Tentativi',
    points: 'Punti',
    noTime: '—',
    photoAlt: 'La nostra foto della tappa {{n}}: {{place}}',
    otherPoints: 'Altri punti',
    share: 'Scarica immagine',
    sharing: "Preparazione dell'immagine…",
    shareFailed: "Non è stato possibile creare l'immagine",
    shareTitle: '{{team}} – {{route}}',
    image: { position: 'Posizione', score: 'Punti', completed: 'Percorso completato' },
  },
};
