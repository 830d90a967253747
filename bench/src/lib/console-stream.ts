import { LIVE_CONSOLE_CHANGE_EVENT, LIVE_CONSOLE_EVENT } from '@tappa/contracts';
import { type EventStream, openEventStream } from '../scoreboards/event-streams';
import type { ServerProcess } from './server-process';

/**
 * Opens the live console's stream of a route as the staff's browser does: the whole console
 * first, then what changed (decision 0075). `n` gives each console its own address.
 */
export function openConsole(
  server: ServerProcess,
  opts: { slug: string; routeId: string; cookie: string; n: number },
  onEvent?: (data: string, at: number) => void,
): Promise<EventStream> {
  return openEventStream(server.baseUrl, {
    path: `/api/tenants/${opts.slug}/live/stream?route=${opts.routeId}`,
    ip: `10.240.0.${opts.n + 1}`,
    event: [LIVE_CONSOLE_EVENT, LIVE_CONSOLE_CHANGE_EVENT],
    cookie: opts.cookie,
    onEvent,
  });
}
