import type { EventReport, PublicTenant, RouteStandings, StepAnalytics } from '@tappa/contracts';

// Fixture answers of the report and the certificates, for their web tests.

/** Longer than the team-name limit (60): an imported or older name. */
export const LONG_NAME =
  'I Cavalieri della Tavola Rotonda e del Sacro Graal di Roma Antica e Moderna';
/** A name that looks like markup: it must print as these characters. */
export const MARKUP_NAME = '<b>x</b>';

export const TENANT = {
  id: 't1',
  slug: 'demo',
  name: 'Tappa Demo',
  logo_url: '/files/brand-assets/demo/logo.png',
  favicon_url: null,
  footer_logo_url: null,
  brand_logo_url: null,
  brand_favicon_url: null,
  primary_color: '#0055aa',
  secondary_color: '#ffaa00',
  brand_style: {},
  payoff: null,
  description: null,
  is_available: true,
  status: 'active',
  time_zone: 'Europe/Rome',
} satisfies PublicTenant;

const step = (number: number, place: string): StepAnalytics => ({
  step_id: `s${number}`,
  number,
  place,
  reached: 3,
  solved: 2,
  skipped: 1,
  on_it: 0,
  solve_rate: 2 / 3,
  median_solve_ms: 90_000,
  p90_solve_ms: 150_000,
  mean_tries: 1.5,
  first_try_share: 0.5,
  hints_taken: 1,
  hint_points: 3,
  drop_off: 0,
});

const ROUTE = { id: 'r1', slug: 'rioni', title: 'Giro dei rioni' };
const STARTED = '2026-12-05T09:00:00.000Z';

export const REPORT = {
  analytics: {
    route: ROUTE,
    from: '2026-12-05T00:00:00.000Z',
    to: '2026-12-06T00:00:00.000Z',
    started: 3,
    finished: 2,
    median_total_ms: 3_723_000,
    score_bands: [],
    steps: [step(1, 'Fontana di Trevi'), step(2, 'Pantheon')],
    computed_at: '2026-12-05T18:00:00.000Z',
  },
  standings: [
    {
      game_id: 'g1',
      rank: 1,
      team_name: MARKUP_NAME,
      score: 25,
      total_ms: 3_600_000,
      status: 'completed',
      started_at: STARTED,
    },
    {
      game_id: 'g2',
      rank: 2,
      team_name: LONG_NAME,
      score: 12,
      total_ms: 4_000_000,
      status: 'completed',
      started_at: STARTED,
    },
    {
      game_id: 'g3',
      rank: 3,
      team_name: 'Le Civette',
      score: 0,
      total_ms: null,
      status: 'active',
      started_at: STARTED,
    },
  ],
  teams: [
    {
      game_id: 'g1',
      steps: [
        { number: 1, status: 'ok', tries: 1, time_ms: 60_000, points: 10 },
        { number: 2, status: 'ok', tries: 2, time_ms: 125_000, points: 10 },
      ],
      ledger: [
        { id: 1, step: 1, kind: 'try', points: 10, reason: null, undone: false },
        { id: 2, step: 2, kind: 'try', points: 10, reason: null, undone: false },
        {
          id: 3,
          step: null,
          kind: 'adjustment',
          points: 5,
          reason: 'Foto più bella',
          undone: false,
        },
      ],
    },
    {
      game_id: 'g2',
      steps: [
        { number: 1, status: 'ok', tries: 3, time_ms: 200_000, points: 12 },
        { number: 2, status: 'skipped', tries: 0, time_ms: 30_000, points: 0 },
      ],
      ledger: [
        { id: 4, step: 1, kind: 'try', points: 12, reason: null, undone: false },
        { id: 5, step: null, kind: 'adjustment', points: -4, reason: 'Ritardo', undone: true },
        { id: 6, step: null, kind: 'undo', points: 4, reason: 'Errore nostro', undone: false },
      ],
    },
    {
      game_id: 'g3',
      steps: [{ number: 1, status: 'pending', tries: 0, time_ms: null, points: 0 }],
      ledger: [],
    },
  ],
} satisfies EventReport;

export const STANDINGS = {
  route: ROUTE,
  from: REPORT.analytics.from,
  to: REPORT.analytics.to,
  standings: REPORT.standings,
  computed_at: REPORT.analytics.computed_at,
} satisfies RouteStandings;
