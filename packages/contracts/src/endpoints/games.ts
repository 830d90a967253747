import { endpoint, shape } from '../endpoint';
import type {
  FinishGameRequest,
  FixRequest,
  GameState,
  LocationSharingRequest,
  SkipStepRequest,
  StepPhotoResponse,
  SubmitAnswerRequest,
  SubmitResult,
  TakeHintRequest,
  TakeHintResult,
} from '../gameplay';
import type { StartRouteResponse } from '../play';

const GAME = '/api/play/:slug/games/:gameId';

/**
 * A team's game, decided by the server (ARCHITECTURE §5): its state, tries, skips, hints and
 * photos, the end of an exploration route, Stop and 'Riprendi' (its result card: `gameResults`).
 */
export const games = {
  /** The game's state as the server decides it. */
  state: endpoint({ method: 'GET', path: GAME, access: 'player', response: shape<GameState>() }),
  /** One try at a step (a retry with the same `submission_id` answers as the first). */
  submit: endpoint({
    method: 'POST',
    path: `${GAME}/steps/:stepId/submit`,
    access: 'player',
    body: shape<SubmitAnswerRequest>(),
    response: shape<SubmitResult>(),
  }),
  /** Skips a step of a progressive route. */
  skip: endpoint({
    method: 'POST',
    path: `${GAME}/steps/:stepId/skip`,
    access: 'player',
    body: shape<SkipStepRequest>(),
    response: shape<SubmitResult>(),
  }),
  /**
   * Takes one of a step's hints after its `hint` (decision 0085): its cost leaves the score once;
   * taking it again answers the same hint at no cost.
   */
  takeHint: endpoint({
    method: 'POST',
    path: `${GAME}/steps/:stepId/hints`,
    access: 'player',
    body: shape<TakeHintRequest>(),
    response: shape<TakeHintResult>(),
  }),
  /**
   * The team's answer on a route that asks for positions (decision 0086): 'Condividi la
   * posizione', 'Gioca senza condividere', 'Sospendi condivisione'.
   */
  shareLocation: endpoint({
    method: 'PUT',
    path: `${GAME}/location`,
    access: 'player',
    body: shape<LocationSharingRequest>(),
    response: shape<LocationSharingRequest>(),
  }),
  /** One position of a sharing team (a fix sent again is kept once). */
  fix: endpoint({
    method: 'POST',
    path: `${GAME}/fixes`,
    access: 'player',
    body: shape<FixRequest>(),
    status: 204,
  }),
  /**
   * The fixes of a sharing team over one kept-open connection, a WebSocket (decision 0089): the
   * phone sends `FixSocketMessage`s and the server answers each with a `FixSocketAnswer` once it
   * is kept or refused, as `fix` would. The handshake comes from the app's own site and is
   * refused, before it is upgraded, as a fix of the game would be (404, 409 …).
   */
  fixSocket: endpoint({
    method: 'GET',
    path: `${GAME}/fixes/socket`,
    access: 'player',
  }),
  /** 'Next' on an exploration route's last step: the game ends. */
  finish: endpoint({
    method: 'POST',
    path: `${GAME}/finish`,
    access: 'player',
    body: shape<FinishGameRequest>(),
    response: shape<SubmitResult>(),
  }),
  /** A step's photo (multipart `photo`). */
  photo: endpoint({
    method: 'POST',
    path: `${GAME}/steps/:stepId/photo`,
    access: 'player',
    body: shape<FormData>(),
    response: shape<StepPhotoResponse>(),
  }),
  /** A game step's photo, for the team that took it and the tenant's staff (a file). */
  readPhoto: endpoint({
    method: 'GET',
    path: '/api/play/:slug/photos/:gameStepId',
    access: 'team-or-staff',
  }),
  /** 'Riprendi': a paused game of the team goes on. */
  resume: endpoint({
    method: 'POST',
    path: `${GAME}/resume`,
    access: 'player',
    response: shape<StartRouteResponse>(),
  }),
  /** Stop, or the team leaving the game screen: the game is paused. */
  pause: endpoint({ method: 'POST', path: `${GAME}/pause`, access: 'player', status: 204 }),
};
