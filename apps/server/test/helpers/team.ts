import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app';
import { call, cookieHeader } from './factories';

/** Where the fixture route's first step is (Fontana di Trevi). */
export const TREVI = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };

/**
 * A route JSON step at the Trevi fountain (where `startTeam`'s tries come from): a text step
 * without a hint, with `fields` over it.
 */
export const treviStep = (ord: number, fields: Record<string, unknown> = {}) => ({
  ord,
  place: `Tappa ${ord}`,
  lat: TREVI.lat,
  lng: TREVI.lng,
  radius_m: 100,
  task: `Compito ${ord}`,
  hint: null,
  check_type: 'text',
  orientation: null,
  media: [],
  ...fields,
});

/** The game screen's state as the tests read it. */
export interface TeamGameState {
  steps: { id: string; check_type: string; requires_orientation: boolean }[];
  current_step_index: number;
  total_score: number;
  status: string;
}

/**
 * A team that identified with `email`, registered and started `routeSlug` of the tenant `slug`
 * through the player API; returns its game id and helpers that call the API with its cookie.
 */
export async function startTeam(
  app: App,
  opts: { slug: string; email: string; routeSlug?: string; teamName?: string },
) {
  const { slug, email, routeSlug = 'roma-centro-storico', teamName = email } = opts;
  let cookie = '';
  const req = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await call(app, cookie || null, {
      method,
      url: `/api/play/${slug}${url}`,
      headers,
      remoteAddress: `10.30.${email.length}.${email.charCodeAt(0)}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = cookieHeader(res.headers['set-cookie']);
    if (set) cookie = set;
    return res;
  };
  await req('POST', '/identify', { email });
  const b = 'bnd';
  await req(
    'PUT',
    '/registration',
    `--${b}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"team_name":"${teamName}","team_members":null}\r\n--${b}--\r\n`,
    { 'content-type': `multipart/form-data; boundary=${b}` },
  );
  const { game_id } = (await req('POST', `/routes/${routeSlug}/start`)).json<{
    game_id: string;
  }>();
  const state = async () => (await req('GET', `/games/${game_id}`)).json<TeamGameState>();
  const submit = (stepId: string, body: Record<string, unknown>) =>
    req('POST', `/games/${game_id}/steps/${stepId}/submit`, {
      submission_id: randomUUID(),
      position: TREVI,
      heading_deg: null,
      answer: null,
      ...body,
    });
  const skip = (stepId: string) =>
    req('POST', `/games/${game_id}/steps/${stepId}/skip`, { submission_id: randomUUID() });
  return { gameId: game_id, req, state, submit, skip, cookie: () => cookie };
}
