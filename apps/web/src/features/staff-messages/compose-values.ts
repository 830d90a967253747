import type { SendMessageRequest } from '@tappa/contracts';
import { instantOfWallClock, MESSAGE_MAX_LENGTH, type MessageAudience } from '@tappa/domain';

/** A game of the live console to write to: its team's name is what the form shows. */
export interface GameTarget {
  gameId: string;
  teamName: string;
}

/** The compose form as typed. */
export interface ComposeValues {
  audience: MessageAudience;
  routeId: string;
  /** The registered team chosen in the list ('Una squadra'), '' for none. */
  teamId: string;
  body: string;
  readConfirmation: boolean;
  when: 'now' | 'schedule';
  /** A `datetime-local` value, read on the tenant's clock. */
  sendAt: string;
}

/** An empty form: to every team, now. */
export const EMPTY_COMPOSE: ComposeValues = {
  audience: 'tenant',
  routeId: '',
  teamId: '',
  body: '',
  readConfirmation: false,
  when: 'now',
  sendAt: '',
};

/** A field the form checks, with the catalogue key of its problem. */
export type ComposeErrors = Partial<
  Record<
    'route' | 'team' | 'body' | 'sendAt',
    'routeRequired' | 'teamRequired' | 'bodyRequired' | 'sendAtRequired'
  >
>;

/** A `datetime-local` value, read on the wall clock of `timeZone`, as an ISO instant (UTC). */
export function localInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  const instant = instantOfWallClock(match[1], match[2], timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** What the form needs besides its values to make a request. */
export interface ComposeContext {
  actionId: string;
  /** The console's game the form was opened for, if any (sent as `game_id`). */
  game: GameTarget | null;
  timeZone: string;
  nowMs: number;
}

/**
 * The request the form sends, or the problems that keep it from going: the text trimmed within
 * MESSAGE_MAX_LENGTH, the route or team the audience needs, a scheduled time in the future (the
 * tenant's wall clock, sent in UTC).
 */
export function composeRequest(
  values: ComposeValues,
  context: ComposeContext,
): { request: SendMessageRequest } | { errors: ComposeErrors } {
  const errors: ComposeErrors = {};
  const body = values.body.trim();
  if (body.length === 0 || body.length > MESSAGE_MAX_LENGTH) errors.body = 'bodyRequired';
  if (values.audience === 'route' && !values.routeId) errors.route = 'routeRequired';
  if (values.audience === 'team' && !context.game && !values.teamId) errors.team = 'teamRequired';
  let sendAt: string | null = null;
  if (values.when === 'schedule') {
    sendAt = localInputToIso(values.sendAt, context.timeZone);
    if (!sendAt || Date.parse(sendAt) <= context.nowMs) errors.sendAt = 'sendAtRequired';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      action_id: context.actionId,
      audience: values.audience,
      ...targetOf(values, context.game),
      body,
      read_confirmation: values.readConfirmation,
      send_at: sendAt,
    },
  };
}

/** The route or team field of the request for the form's audience. */
function targetOf(
  values: ComposeValues,
  game: GameTarget | null,
): Pick<SendMessageRequest, 'route_id' | 'team_id' | 'game_id'> {
  switch (values.audience) {
    case 'tenant':
      return {};
    case 'route':
      return { route_id: values.routeId };
    case 'team':
      return game ? { game_id: game.gameId } : { team_id: values.teamId };
  }
}
