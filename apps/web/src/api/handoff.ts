import { handoff, type HandoffCode, type RedeemHandoffResponse } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';

/** `handoff.issue`: a fresh single-use code of the team's game for another phone (decision 0066). */
export function issueHandoffCode(slug: string, gameId: string): Promise<HandoffCode> {
  return apiCall(handoff.issue, { params: { slug, gameId } });
}

/** `handoff.redeem`: the other phone's code; the answer comes with the team's cookie. */
export function redeemHandoffCode(slug: string, code: string): Promise<RedeemHandoffResponse> {
  return apiCall(handoff.redeem, { params: { slug }, body: { code } });
}

/** The address a second phone opens to continue with `code` (what the QR code holds). */
export function handoffUrl(origin: string, slug: string, code: string): string {
  return `${origin}/${slug}/continua?${new URLSearchParams({ code }).toString()}`;
}

/** The address where a code is typed by hand, as the panel prints it. */
export function handoffTypingAddress(host: string, slug: string): string {
  return `${host}/${slug}/continua`;
}
