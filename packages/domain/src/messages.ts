// Messages during the event (issue 35, decision 0084).

/** Whom an announcement of the organiser goes to. */
export const MESSAGE_AUDIENCES = ['tenant', 'route', 'team'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** An announcement of the organiser, or a line of a team's private thread with the staff. */
export const MESSAGE_KINDS = ['announcement', 'thread'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Who wrote a message: the tenant's staff, or the team. */
export const MESSAGE_AUTHORS = ['staff', 'team'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** How many lines a team may write to the organiser in a window (a clear refusal beyond). */
export const TEAM_MESSAGE_LIMIT = { count: 10, windowMs: 10 * 60_000 } as const;

/** How often every instance looks for scheduled messages that are due (sent within ±5 s). */
export const MESSAGE_SCHEDULE_POLL_MS = 2000;
