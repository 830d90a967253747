import type { AppLocation } from '../../lib/router';

/** The start screen's navigation state: the player page the phone was sent from. */
export interface StartScreenState {
  returnTo: string;
}

/**
 * The state that brings a team sent to the start screen back to `location` once it is known: its
 * path and query, so that a code card's `?code=` survives the detour.
 */
export function returnState(location: Pick<AppLocation, 'pathname' | 'search'>): StartScreenState {
  return { returnTo: location.pathname + location.search };
}

/**
 * Where the start screen goes once the team has registered: back to the page of this tenant it
 * was sent from (see `returnState`), else select-route (doc 2 §2).
 */
export function pathAfterStart(state: unknown, slug: string): string {
  const returnTo =
    typeof state === 'object' && state !== null && 'returnTo' in state ? state.returnTo : null;
  return typeof returnTo === 'string' && returnTo.startsWith(`/${slug}/`)
    ? returnTo
    : `/${slug}/select-route`;
}
