import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a team stays identified on a phone. */
const PLAYER_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

/**
 * Player cookies this app already verified, per app (each has its own secret): checking the
 * signature (an HMAC) is most of the cost of a read, and a phone sends the same cookie with
 * every try. Only valid cookies are kept, so made-up values cannot fill the cache with entries.
 */
const verifiedCookies = new WeakMap<FastifyInstance, Map<string, string>>();
const VERIFIED_COOKIES_MAX = 10_000;

/** One cookie per tenant: a team of one organisation is a stranger to another. */
export function playerCookieName(tenantId: string): string {
  return `tappa_player_${tenantId.replace(/-/g, '')}`;
}

/**
 * The signed value names the tenant too: the same e-mail's cookie of another tenant, moved under
 * this tenant's cookie name, does not verify here.
 */
export const playerCookieValue = (tenantId: string, email: string) => `${tenantId}|${email}`;

/** Identifies the team of `email` in the tenant on this browser (signed, httpOnly). */
export function setPlayerCookie(
  reply: FastifyReply,
  opts: { tenantId: string; email: string; secure: boolean },
): void {
  reply.setCookie(playerCookieName(opts.tenantId), playerCookieValue(opts.tenantId, opts.email), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
    maxAge: PLAYER_COOKIE_MAX_AGE_S,
  });
}

/** The e-mail of the team this browser proved in the tenant, or null. */
export function readPlayerEmail(request: FastifyRequest, tenantId: string): string | null {
  const raw = request.cookies[playerCookieName(tenantId)];
  if (!raw) return null;
  let verified = verifiedCookies.get(request.server);
  if (!verified) verifiedCookies.set(request.server, (verified = new Map<string, string>()));
  const known = verified.get(raw);
  if (known !== undefined) return emailFor(known, tenantId);
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
  verified.set(raw, unsigned.value);
  return emailFor(unsigned.value, tenantId);
}

/** The e-mail of a verified value, when the value was issued by this tenant. */
function emailFor(value: string, tenantId: string): string | null {
  const prefix = `${tenantId}|`;
  return value.startsWith(prefix) ? value.slice(prefix.length) : null;
}
