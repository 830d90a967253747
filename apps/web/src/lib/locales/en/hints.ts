import type { Catalogue } from '../it';

/** English texts of a step's hints that unlock later or cost points. */
export const enHints = {
  hints: {
    title: 'Hint {{n}}',
    take: 'Show hint {{n}}',
    takeCost_one: 'Show hint {{n}} (costs {{count}} point)',
    takeCost_other: 'Show hint {{n}} (costs {{count}} points)',
    confirm_one: 'This hint costs {{count}} point',
    confirm_other: 'This hint costs {{count}} points',
    takenCost_one: 'Hint {{n}}: −{{count}} point',
    takenCost_other: 'Hint {{n}}: −{{count}} points',
    lockedFor: 'Available in {{time}}',
    notReached: 'Available once you reach this step',
    overBudget_one: '{{count}} point left for hints: not enough',
    overBudget_other: '{{count}} points left for hints: not enough',
    budgetLeft_one: '{{count}} point left to spend on hints',
    budgetLeft_other: '{{count}} points left to spend on hints',
  },
} satisfies Pick<Catalogue, 'hints'>;
