import {
  applyConsoleChange,
  live,
  LIVE_CONSOLE_CHANGE_EVENT,
  LIVE_CONSOLE_EVENT,
  SCOREBOARD_REFRESH_MS,
  urlOf,
  type AdjustPointsRequest,
  type HelpRequest,
  type LiveConsole,
  type LiveConsoleChange,
  type RouteLiveSettingsRequest,
  type RouteLiveState,
  type UndoRequest,
} from '@tappa/contracts';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GameEventKind } from '@tappa/domain';
import { apiCall } from '../lib/api-client';
import { fetchFile } from '../lib/download';
import { useEventStream } from '../lib/live-stream';

/** React Query keys of the organiser's live console (staff data). */
export const liveKeys = {
  /** Everything live of a tenant. */
  all: (slug: string) => ['tenants', slug, 'live'] as const,
  /** The console of the tenant (`routeId` null) or of one route. */
  console: (slug: string, routeId: string | null) =>
    [...liveKeys.all(slug), 'console', routeId] as const,
  /** Older events by route, game and kind. */
  activity: (slug: string, filter: ActivityFilter) =>
    [...liveKeys.all(slug), 'activity', filter] as const,
  /** One game's ledger. */
  ledger: (slug: string, gameId: string) => [...liveKeys.all(slug), 'ledger', gameId] as const,
  /** One sharing game's positions of the last hour. */
  trail: (slug: string, gameId: string) => [...liveKeys.all(slug), 'trail', gameId] as const,
};

/** The filter of the older events. */
export interface ActivityFilter {
  route: string | null;
  game: string | null;
  kind: GameEventKind | null;
}

/** `?route=` of the console and its stream, nothing for all routes. */
function consoleQuery(routeId: string | null): string {
  return routeId ? `?${new URLSearchParams({ route: routeId }).toString()}` : '';
}

/** The newer of two consoles by `computed_at` (the first one when either is missing). */
export function newerConsole(current: LiveConsole | undefined, next: LiveConsole): LiveConsole {
  if (!current) return next;
  return Date.parse(current.computed_at) > Date.parse(next.computed_at) ? current : next;
}

/**
 * The console of the tenant (or one route), kept fresh by `live.stream` (a whole console, then
 * what changed); while the stream is down it is read again every SCOREBOARD_REFRESH_MS, as the
 * scoreboards are.
 */
export function useLiveConsole(slug: string, routeId: string | null) {
  const queryClient = useQueryClient();
  const key = liveKeys.console(slug, routeId);
  const isLive = useEventStream<LiveConsole, LiveConsoleChange>({
    url: urlOf(live.stream, { slug }) + consoleQuery(routeId),
    event: LIVE_CONSOLE_EVENT,
    changes: { event: LIVE_CONSOLE_CHANGE_EVENT, apply: applyConsoleChange },
    label: 'console',
    identity: JSON.stringify(key),
    onPush: (pushed) =>
      queryClient.setQueryData<LiveConsole>(key, (current) => newerConsole(current, pushed)),
  });
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const fetched = await apiCall(live.console, {
        params: { slug },
        query: { route: routeId ?? undefined },
        signal,
      });
      // A push may have landed while this request was in flight: keep the newer console.
      return newerConsole(queryClient.getQueryData<LiveConsole>(key), fetched);
    },
    refetchInterval: isLive ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  });
  useEffect(() => {
    if (query.error) console.error('Live console load failed', query.error);
  }, [query.error]);
  return { ...query, isLive };
}

/** Older events than the console carries, a page at a time; idle until `enabled`. */
export function useLiveActivity(
  slug: string,
  filter: ActivityFilter,
  firstBefore: number | null,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: [...liveKeys.activity(slug, filter), firstBefore],
    queryFn: ({ pageParam, signal }) =>
      apiCall(live.activity, {
        params: { slug },
        query: {
          route: filter.route ?? undefined,
          game: filter.game ?? undefined,
          kind: filter.kind ?? undefined,
          before: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: firstBefore,
    getNextPageParam: (last) => last.next_before,
    enabled,
  });
}

/** A game's ledger with every entry's reason and actor; idle without a game id. */
export function useGameLedger(slug: string, gameId: string) {
  return useQuery({
    queryKey: liveKeys.ledger(slug, gameId),
    queryFn: ({ signal }) => apiCall(live.ledger, { params: { slug, gameId }, signal }),
    enabled: gameId !== '',
    staleTime: 0,
  });
}

/**
 * A sharing team's positions of the last hour, oldest first (decision 0086), read when the map
 * asks for its 'Percorso'; its newer fixes then arrive with the console's pushes.
 */
export function gameTrailQueryOptions(slug: string, gameId: string) {
  return queryOptions({
    queryKey: liveKeys.trail(slug, gameId),
    queryFn: ({ signal }) => apiCall(live.trail, { params: { slug, gameId }, signal }),
    staleTime: 0,
  });
}

/** After a staff write: the console and ledgers are read again (the stream may be down). */
function refreshLive(queryClient: QueryClient, slug: string) {
  return queryClient.invalidateQueries({ queryKey: liveKeys.all(slug) });
}

/** Points given or taken with a reason. */
export function useAdjustPoints(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, body }: { gameId: string; body: AdjustPointsRequest }) =>
      apiCall(live.adjustPoints, { params: { slug, gameId }, body }),
    onSuccess: () => refreshLive(queryClient, slug),
  });
}

/** Help for a stuck team. */
export function useHelpTeam(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, body }: { gameId: string; body: HelpRequest }) =>
      apiCall(live.help, { params: { slug, gameId }, body }),
    onSuccess: () => refreshLive(queryClient, slug),
  });
}

/** Undoes a staff adjustment. */
export function useUndoEvent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      gameId,
      eventId,
      body,
    }: {
      gameId: string;
      eventId: number;
      body: UndoRequest;
    }) => apiCall(live.undo, { params: { slug, gameId, eventId: String(eventId) }, body }),
    onSuccess: () => refreshLive(queryClient, slug),
  });
}

/** A route's stuck minutes. */
export function useRouteLiveSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routeId, body }: { routeId: string; body: RouteLiveSettingsRequest }) =>
      apiCall(live.routeSettings, { params: { slug, routeId }, body }),
    onSuccess: () => refreshLive(queryClient, slug),
  });
}

/** 'Congela classifica' (`frozen` true) or 'Rivela' (false) of a route's public standings. */
export function useFreezeRoute(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routeId, frozen }: { routeId: string; frozen: boolean }) =>
      apiCall(frozen ? live.freeze : live.reveal, { params: { slug, routeId } }),
    onSuccess: () => refreshLive(queryClient, slug),
  });
}

/** What the console does to a route's event clock (decision 0085). */
export type EventClockAction = 'pause' | 'resume' | 'end';

const EVENT_CLOCK_ENDPOINTS = {
  pause: live.pauseEvent,
  resume: live.resumeEvent,
  end: live.endEvent,
} as const satisfies Record<EventClockAction, unknown>;

/** `held` with the route's state replaced by `state` (the other routes as they are). */
export function withRouteState(held: LiveConsole, state: RouteLiveState): LiveConsole {
  const routes = held.routes.map((route) => (route.route_id === state.route_id ? state : route));
  return { ...held, routes };
}

/**
 * 'Pausa per tutti', 'Riprendi per tutti' or 'Termina ora' of a route: the route's state the
 * server answers shows at once on every console held, then the console is read again (its
 * teams' games changed too).
 */
export function useEventClock(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routeId, action }: { routeId: string; action: EventClockAction }) =>
      apiCall(EVENT_CLOCK_ENDPOINTS[action], { params: { slug, routeId } }),
    onSuccess: (state) => {
      queryClient.setQueriesData<LiveConsole>(
        { queryKey: [...liveKeys.all(slug), 'console'] },
        (current) => (current ? withRouteState(current, state) : current),
      );
      return refreshLive(queryClient, slug);
    },
  });
}

/** The route's ledger as CSV bytes. */
export function fetchLedgerCsv(slug: string, routeId: string): Promise<Blob> {
  return fetchFile(urlOf(live.ledgerCsv, { slug, routeId }));
}
