import {
  AdjustPointsRequestSchema,
  GameLedgerSchema,
  gameLive,
  HelpRequestSchema,
  live,
  LiveActionResultSchema,
  TeamLedgerSchema,
  UndoRequestSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sendCsvFile } from '../../infra/csv';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { helpTeam } from './help.service';
import {
  adjustPoints,
  exportRouteLedger,
  readGameLedger,
  readTeamLedger,
  undoEvent,
} from './ledger.service';
import type { ActionOutcome } from './staff-action';

const tags = ['live'];

/**
 * The score ledger's routes (issue 31, decision 0069): the staff's points, undo and help on a
 * game, a game's ledger for the staff and for its own team, and a route's ledger as CSV.
 */
export const ledgerEndpoints: FastifyPluginAsync<
  Pick<
    ModuleDeps,
    | 'db'
    | 'access'
    | 'clock'
    | 'publishScoreboardChange'
    | 'publishLiveChange'
    | 'publishGameChange'
  >
> = async (app, deps) => {
  const { db, access, clock } = deps;
  const serve = servesOn(app, access);

  /** After the commit: the boards (when the score or progress moved), the console, the phone. */
  const published = (tenantId: string, gameId: string, outcome: ActionOutcome) => {
    if (outcome.scoreboard) deps.publishScoreboardChange(tenantId, outcome.routeId);
    deps.publishLiveChange(tenantId, outcome.routeId, gameId);
    deps.publishGameChange(tenantId, gameId);
    return outcome.result;
  };

  serve(
    live.adjustPoints,
    { body: AdjustPointsRequestSchema, response: LiveActionResultSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const outcome = await adjustPoints({ db, actor, now: clock.now() }, caller.scope, {
        gameId: params.gameId,
        request: body,
      });
      return published(caller.scope.tenantId, params.gameId, outcome);
    },
  );

  serve(
    live.undo,
    { body: UndoRequestSchema, response: LiveActionResultSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const outcome = await undoEvent({ db, actor, now: clock.now() }, caller.scope, {
        gameId: params.gameId,
        eventId: Number(params.eventId),
        request: body,
      });
      return published(caller.scope.tenantId, params.gameId, outcome);
    },
  );

  serve(
    live.help,
    { body: HelpRequestSchema, response: LiveActionResultSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const outcome = await helpTeam({ db, actor, now: clock.now() }, caller.scope, {
        gameId: params.gameId,
        request: body,
      });
      return published(caller.scope.tenantId, params.gameId, outcome);
    },
  );

  serve(live.ledger, { response: GameLedgerSchema }, { tags }, ({ caller, params }) =>
    readGameLedger(db, caller.scope, params.gameId),
  );

  serve(live.ledgerCsv, {}, { tags }, async ({ caller, params, reply }) => {
    const { csv, fileName } = await exportRouteLedger(db, caller.scope, {
      routeId: params.routeId,
      timeZone: caller.tenant.time_zone,
      now: clock.now(),
    });
    return sendCsvFile(reply, { fileName, body: csv });
  });

  serve(gameLive.ledger, { response: TeamLedgerSchema }, { tags }, ({ caller, params }) =>
    readTeamLedger(db, caller.scope, { gameId: params.gameId, email: caller.email }),
  );
};
