import { endpoint, shape } from '../endpoint';
import type {
  FinishGameRequest,
  GameState,
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
