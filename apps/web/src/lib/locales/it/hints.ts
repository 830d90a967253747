import { textsIn } from '../bilingual';
import { HINT_CODE_TEXTS } from '../errors-hints';

// A step's hints after its own (issue 36, decision 0085): they join the phone's catalogue with the
// hints' list (`lib/hints-texts.ts`), only on steps that have such hints.

/** Italian texts of a step's hints that unlock later or cost points, and of their refusals. */
export const itHints = {
  errors: textsIn(HINT_CODE_TEXTS, 'it'),
  hints: {
    title: 'Suggerimento {{n}}',
    take: 'Mostra il suggerimento {{n}}',
    takeCost_one: 'Mostra il suggerimento {{n}} (costa {{count}} punto)',
    takeCost_other: 'Mostra il suggerimento {{n}} (costa {{count}} punti)',
    confirm_one: 'Questo suggerimento costa {{count}} punto',
    confirm_other: 'Questo suggerimento costa {{count}} punti',
    takenCost_one: 'Suggerimento {{n}}: −{{count}} punto',
    takenCost_other: 'Suggerimento {{n}}: −{{count}} punti',
    lockedFor: 'Disponibile tra {{time}}',
    notReached: 'Disponibile quando arrivate a questa tappa',
    overBudget_one: 'Resta {{count}} punto per i suggerimenti: non basta',
    overBudget_other: 'Restano {{count}} punti per i suggerimenti: non bastano',
    budgetLeft_one: 'Resta {{count}} punto da spendere in suggerimenti',
    budgetLeft_other: 'Restano {{count}} punti da spendere in suggerimenti',
  },
};
