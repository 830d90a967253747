import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a team stays identified on a phone. */
const PLAYER_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

/** One cookie per tenant: a team of one organisation is a stranger to another. */
export function playerCookieName(tenantId: string): string {
  return `tappa_player_${tenantId.replace(/-/g, '')}`;
}

/** Identifies the team of `email` in the tenant on this browser (signed, httpOnly). */
export function setPlayerCookie(
  reply: FastifyReply,
  opts: { tenantId: string; email: string; secure: boolean },
): void {
  reply.setCookie(playerCookieName(opts.tenantId), opts.email, {
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
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}
