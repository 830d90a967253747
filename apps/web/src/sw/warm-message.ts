/** The message a page posts to the service worker to store these URLs ahead (sw.ts). */
export const WARM_MESSAGE = 'tappa-warm';

/** What the page posts: same-origin URLs of game state, tenant data and step media. */
export interface WarmMessage {
  type: typeof WARM_MESSAGE;
  urls: string[];
}
