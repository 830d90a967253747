import { live, RouteLiveStateSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import {
  endRouteEvent,
  type EventChange,
  type EventChanged,
  pauseRouteEvent,
  resumeRouteEvent,
} from '../games/event-clock.service';
import { listRouteStates } from './live.service';

const tags = ['live'];

type Publishers = Pick<
  ModuleDeps,
  'publishLiveChange' | 'publishGameChange' | 'publishScoreboardChange'
>;

/**
 * Tells everyone who follows the route of a change of its event clock, after the commit: the
 * console, every open game's phones (they read their game again: the pause shows within their
 * stream's push) and, when games ended, the scoreboards.
 */
export function announceEventChange(
  deps: Publishers,
  target: { tenantId: string; routeId: string },
  changed: EventChanged,
): void {
  if (!changed.changed) return;
  deps.publishLiveChange(target.tenantId, target.routeId, null);
  for (const gameId of changed.gameIds) deps.publishGameChange(target.tenantId, gameId);
  if (changed.ended > 0) deps.publishScoreboardChange(target.tenantId, target.routeId);
}

/**
 * 'Pausa per tutti', 'Riprendi per tutti' and 'Termina ora' from the live console (decision
 * 0085): each answers the route's live state, and a repeat changes nothing.
 */
export const eventClockEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'> & Publishers
> = async (app, deps) => {
  const { db, access, clock } = deps;
  const serve = servesOn(app, access);
  /** Runs `run` on the caller's route, tells who follows it, answers the route's live state. */
  const handle =
    (run: typeof pauseRouteEvent) =>
    async (ctx: {
      caller: Parameters<typeof auditActor>[0];
      scope: EventChange['scope'];
      params: { routeId: string };
      request: { ip: string };
    }) => {
      const { scope, params } = ctx;
      const change: EventChange = {
        scope,
        routeId: params.routeId,
        actor: auditActor(ctx.caller, ctx.request.ip),
        now: clock.now(),
      };
      const changed = await run(db, change);
      announceEventChange(deps, { tenantId: scope.tenantId, routeId: params.routeId }, changed);
      const [state] = await listRouteStates(db, scope, params.routeId);
      return state!;
    };
  const options = [{ response: RouteLiveStateSchema }, { tags }] as const;
  serve(live.pauseEvent, ...options, handle(pauseRouteEvent));
  serve(live.resumeEvent, ...options, handle(resumeRouteEvent));
  serve(live.endEvent, ...options, handle(endRouteEvent));
};
