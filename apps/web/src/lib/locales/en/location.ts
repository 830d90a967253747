import type { Catalogue } from '../it';

/** English texts of the question before the first step and of the sharing indicator. */
export const enLocation = {
  location: {
    question: 'Share your position?',
    retention_one:
      "The team's position is visible to the organisers during the game and deleted after {{count}} day",
    retention_other:
      "The team's position is visible to the organisers during the game and deleted after {{count}} days",
    retentionHour:
      "The team's position is visible to the organisers during the game and deleted within an hour",
    why: 'Why:',
    share: 'Share position',
    decline: 'Play without sharing',
    shared: 'Position shared',
    notShared: 'Position not shared',
    suspend: 'Suspend sharing',
    unavailable: 'The browser gives no position: allow it in its settings',
  },
} satisfies Pick<Catalogue, 'location'>;
