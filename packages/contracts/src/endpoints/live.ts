import { endpoint, shape } from '../endpoint';
import type {
  AdjustPointsRequest,
  GameLedger,
  GameTrail,
  HelpRequest,
  LiveActionResult,
  LiveActivityPage,
  LiveActivityQuery,
  LiveConsole,
  LiveQuery,
  RouteLiveSettingsRequest,
  RouteLiveState,
  UndoRequest,
} from '../live';

const LIVE = '/api/tenants/:slug/live';
const GAME = `${LIVE}/games/:gameId`;
const ROUTE = `${LIVE}/routes/:routeId`;

/**
 * The organiser's live console (issue 31): the teams and the activity of the tenant's games,
 * pushed; points with a reason, help for a stuck team and undo, each written to the score ledger
 * and the audit log; a route's stuck minutes and the freezing of its public standings; the
 * ledger as CSV. For the tenant's staff.
 */
export const live = {
  /** The teams and the newest events (`?route=` a route id: of that route only). */
  console: endpoint({
    method: 'GET',
    path: LIVE,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<LiveQuery>(),
    response: shape<LiveConsole>(),
  }),
  /**
   * The console as Server-Sent Events: a `console` event now (unless `Last-Event-ID` is its id)
   * and on every change, `: ping` every 25 s.
   */
  stream: endpoint({
    method: 'GET',
    path: `${LIVE}/stream`,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<LiveQuery>(),
  }),
  /** Older events, newest first, by route, game or kind. */
  activity: endpoint({
    method: 'GET',
    path: `${LIVE}/activity`,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<LiveActivityQuery>(),
    response: shape<LiveActivityPage>(),
  }),
  /** A game's ledger: every entry with its reason and actor, and the sum. */
  ledger: endpoint({
    method: 'GET',
    path: `${GAME}/ledger`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<GameLedger>(),
  }),
  /** A sharing team's positions of the last hour (decision 0086); none when it does not share. */
  trail: endpoint({
    method: 'GET',
    path: `${GAME}/trail`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<GameTrail>(),
  }),
  /** Points given or taken with a reason. */
  adjustPoints: endpoint({
    method: 'POST',
    path: `${GAME}/points`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<AdjustPointsRequest>(),
    response: shape<LiveActionResult>(),
  }),
  /** Help for a stuck team: skip, reopen, move, extend the time, end the game. */
  help: endpoint({
    method: 'POST',
    path: `${GAME}/help`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<HelpRequest>(),
    response: shape<LiveActionResult>(),
  }),
  /** Undoes a staff adjustment of the game: a compensating entry. */
  undo: endpoint({
    method: 'POST',
    path: `${GAME}/events/:eventId/undo`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<UndoRequest>(),
    response: shape<LiveActionResult>(),
  }),
  /** When a team of the route counts as stuck. */
  routeSettings: endpoint({
    method: 'PUT',
    path: `${ROUTE}/settings`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteLiveSettingsRequest>(),
    response: shape<RouteLiveState>(),
  }),
  /** 'Congela classifica': every public view of the route shows its standings as they are now. */
  freeze: endpoint({
    method: 'PUT',
    path: `${ROUTE}/freeze`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteLiveState>(),
  }),
  /** 'Rivela': the public views show the real standings again. */
  reveal: endpoint({
    method: 'DELETE',
    path: `${ROUTE}/freeze`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteLiveState>(),
  }),
  /**
   * 'Pausa per tutti' (decision 0085): every game of the route stops (its timer, its time limit
   * and its steps' clocks) until 'Riprendi per tutti'; already paused, the state as it is.
   */
  pauseEvent: endpoint({
    method: 'PUT',
    path: `${ROUTE}/pause`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteLiveState>(),
  }),
  /** 'Riprendi per tutti': the clocks go on, the pause's length added; not paused, as it is. */
  resumeEvent: endpoint({
    method: 'DELETE',
    path: `${ROUTE}/pause`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteLiveState>(),
  }),
  /** 'Termina ora': the event ends now, every open game of the route as a time-out does. */
  endEvent: endpoint({
    method: 'PUT',
    path: `${ROUTE}/end`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteLiveState>(),
  }),
  /** The route's ledger as CSV: team, step, points, kind, reason, actor, time. */
  ledgerCsv: endpoint({
    method: 'GET',
    path: `${ROUTE}/ledger.csv`,
    access: 'tenant-staff',
    policy: 'staff',
  }),
};
