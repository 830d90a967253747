import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@tappa/contracts';
import { textStepPosition } from '@tappa/domain/fixtures/text-route';
import { cookieHeader } from './factories';

const BOUNDARY = 'http-team-boundary';

/** A team that started a text route (`textRouteJson`) through a real server over HTTP. */
export interface HttpTeam {
  ip: string;
  cookie: string;
  gameId: string;
  /** The route's steps as the game screen lists them. */
  steps: { id: string; ord: number }[];
}

/** A request as a phone sends it: the CSRF header, the team's cookie and its own address. */
export function send(
  url: string,
  init: { method: string; ip: string; cookie?: string; body?: string; type?: string },
): Promise<Response> {
  return fetch(url, {
    method: init.method,
    body: init.body,
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      // The server believes X-Forwarded-For from this host: each team has its own address.
      'x-forwarded-for': init.ip,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.type ? { 'content-type': init.type } : {}),
    },
  });
}

/** Team `n` (`team-{n}@{domain}`) identifies, registers and starts `routeSlug` of `slug`. */
export async function joinTeam(
  baseUrl: string,
  opts: { slug: string; routeSlug: string; n: number; domain: string },
): Promise<HttpTeam> {
  const { n } = opts;
  const ip = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const play = `${baseUrl}/api/play/${opts.slug}`;
  const identify = await send(`${play}/identify`, {
    method: 'POST',
    ip,
    body: JSON.stringify({ email: `team-${n}@${opts.domain}` }),
    type: 'application/json',
  });
  const cookie = cookieHeader(identify.headers.getSetCookie());
  const data = JSON.stringify({ team_name: `Squadra ${n}`, team_members: null });
  await send(`${play}/registration`, {
    method: 'PUT',
    ip,
    cookie,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n--${BOUNDARY}--\r\n`,
    type: `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const start = await send(`${play}/routes/${opts.routeSlug}/start`, {
    method: 'POST',
    ip,
    cookie,
  });
  const { game_id: gameId } = (await start.json()) as { game_id: string };
  const state = await send(`${play}/games/${gameId}`, { method: 'GET', ip, cookie });
  const { steps } = (await state.json()) as { steps: { id: string; ord: number }[] };
  return { ip, cookie, gameId, steps };
}

/** The path and JSON body of a try of `answer` at step `index` (from 0), with a new id. */
export function tryOf(
  slug: string,
  team: HttpTeam,
  index: number,
  answer: string,
): { path: string; body: string; submissionId: string } {
  const step = team.steps[index];
  if (!step) throw new Error(`the route has no step ${index}`);
  const submissionId = randomUUID();
  const position = { ...textStepPosition(index), accuracy_m: 5 };
  return {
    path: `/api/play/${slug}/games/${team.gameId}/steps/${step.id}/submit`,
    body: JSON.stringify({ submission_id: submissionId, answer, heading_deg: null, position }),
    submissionId,
  };
}

/** Signs a staff member in over HTTP from `ip`; answers their session cookie. */
export async function signInOverHttp(
  baseUrl: string,
  opts: { email: string; password: string; ip: string },
): Promise<string> {
  const res = await send(`${baseUrl}/api/session/sign-in`, {
    method: 'POST',
    ip: opts.ip,
    body: JSON.stringify({ email: opts.email, password: opts.password }),
    type: 'application/json',
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return cookieHeader(res.headers.getSetCookie());
}

/** Sends a try (`tryOf`) as the team's phone does. */
export function sendTry(
  baseUrl: string,
  team: HttpTeam,
  submission: { path: string; body: string },
): Promise<Response> {
  return send(`${baseUrl}${submission.path}`, {
    method: 'POST',
    ip: team.ip,
    cookie: team.cookie,
    body: submission.body,
    type: 'application/json',
  });
}
