import {
  live,
  LiveActivityPageSchema,
  LiveActivityQuerySchema,
  LiveConsoleSchema,
  LiveQuerySchema,
  RouteLiveSettingsRequestSchema,
  RouteLiveStateSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { EventStreams } from '../../infra/realtime';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { MAX_STREAMS_PER_ADDRESS } from '../scoreboards/scoreboards.endpoints';
import type { LiveConsoleHub } from './live-hub';
import { listActivity, resolveLiveTarget } from './live.service';
import { freezeRouteStandings, revealRouteStandings, setStuckMinutes } from './route-live.service';

const tags = ['live'];

/** Answers a JSON text that was serialized (and checked against its schema) once, in the hub. */
function sendJson(reply: FastifyReply, json: string) {
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(json);
}

/**
 * The staff routes of `live` (`@tappa/contracts`) served here (decision 0070): the console and
 * its event stream from the console hub, older activity, a route's stuck minutes, and freezing
 * and revealing a route's public standings. The ledger's routes are the ledger module's.
 */
export const liveEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'publishContentChange' | 'publishLiveChange'> & {
    hub: LiveConsoleHub;
  }
> = async (app, { db, access, clock, publishContentChange, publishLiveChange, hub }) => {
  const serve = servesOn(app, access);
  const streams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });

  serve(
    live.console,
    { query: LiveQuerySchema, response: LiveConsoleSchema },
    { tags },
    async ({ scope, query, reply }) => {
      const target = await resolveLiveTarget(db, scope, query.route);
      return sendJson(reply, (await hub.read(target)).json);
    },
  );

  serve(
    live.stream,
    { query: LiveQuerySchema },
    {
      tags,
      summary: `Server-Sent Events: 'console' (the whole console) now, then 'console-change' (what changed) on every change, ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ scope, query, request, reply }) => {
      streams.admit(request);
      // Errors (a route of another tenant) still answer as JSON.
      const target = await resolveLiveTarget(db, scope, query.route);
      return streams.open(request, reply, hub, target, await hub.read(target));
    },
  );

  serve(
    live.activity,
    { query: LiveActivityQuerySchema, response: LiveActivityPageSchema },
    { tags },
    ({ scope, query }) => listActivity(db, scope, query),
  );

  serve(
    live.routeSettings,
    { body: RouteLiveSettingsRequestSchema, response: RouteLiveStateSchema },
    { tags },
    async ({ caller, scope, params, body, request }) => {
      const state = await setStuckMinutes(db, {
        scope,
        routeId: params.routeId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
        minutes: body.stuck_after_minutes,
      });
      publishLiveChange(scope.tenantId, params.routeId, null);
      return state;
    },
  );

  serve(
    live.freeze,
    { response: RouteLiveStateSchema },
    { tags },
    async ({ caller, scope, params, request }) => {
      const { state, changed } = await freezeRouteStandings(db, {
        scope,
        routeId: params.routeId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
        timeZone: caller.tenant.time_zone,
      });
      // The public views (rankings, big screen) and the console recompute at once.
      if (changed) publishContentChange(scope.tenantId, params.routeId);
      return state;
    },
  );

  serve(
    live.reveal,
    { response: RouteLiveStateSchema },
    { tags },
    async ({ caller, scope, params, request }) => {
      const { state, changed } = await revealRouteStandings(db, {
        scope,
        routeId: params.routeId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      if (changed) publishContentChange(scope.tenantId, params.routeId);
      return state;
    },
  );
};
