import type { Catalogue } from '../it';

/** English texts of 'Our results' and of its share image. */
export const enResults = {
  results: {
    summary: 'Summary',
    route: 'Route',
    position: 'Position',
    score: 'Score',
    totalTime: 'Total time',
    steps: 'Our steps',
    step: '{{n}}. {{place}}',
    status: { ok: 'Solved', skipped: 'Skipped', pending: 'Not completed' },
    time: 'Time',
    tries: 'Tries',
    points: 'Points',
    noTime: '—',
    photoAlt: 'Our photo of step {{n}}: {{place}}',
    otherPoints: 'Other points',
    share: 'Download image',
    sharing: 'Preparing the image…',
    shareFailed: 'The image could not be made',
    shareTitle: '{{team}} – {{route}}',
    image: { position: 'Position', score: 'Points', completed: 'Route completed' },
  },
} satisfies Pick<Catalogue, 'results'>;
