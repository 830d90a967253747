import type { GameState, RouteListResponse } from '@tappa/contracts';
import type { CheckType } from '@tappa/domain';
import { textRouteJson, textStepPosition } from '@tappa/domain/fixtures/text-route';
import { cookieFrom, type HttpAnswer, type HttpCall, type HttpClient } from './http-client';
import { BENCH_SUPERADMIN } from './server-process';

/** A step of the bench route as the team knows it: its id, check, answer and where it is. */
export interface TeamStep {
  id: string;
  checkType: CheckType;
  /** The text answer (a photo step is answered by uploading a photo). */
  answer: string;
  lat: number;
  lng: number;
}

/** A team that registered and started the route, with its own player cookie and address. */
export interface Team {
  email: string;
  /** Its name on the scoreboards and the console: `Squadra {n}`. */
  name: string;
  cookie: string;
  ip: string;
  gameId: string;
  steps: TeamStep[];
}

/** What the set-up made: the tenant, the route and the teams. */
export interface BenchWorld {
  slug: string;
  routeSlug: string;
  teams: Team[];
}

/** The slug of the bench's route (`benchRouteJson`, and any route given to `setUpWorld`). */
export const ROUTE_SLUG = 'bench-route';
const BOUNDARY = 'tappa-bench-boundary';

/** The route document: `steps` text steps 200 m apart, radius 50 m, answers `risposta-{ord}`. */
export function benchRouteJson(steps: number): string {
  return textRouteJson({
    slug: ROUTE_SLUG,
    title: 'Bench route',
    description: 'Many text steps for the submissions benchmark',
    steps,
  });
}

const multipart = (data: unknown) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${BOUNDARY}--\r\n`,
});

/** Calls the API as the web app does (CSRF header, cookie); throws on anything but 2xx. */
export async function apiCall(
  client: HttpClient,
  call: HttpCall & { cookie?: string; ip?: string },
) {
  const res: HttpAnswer = await client.send({
    ...call,
    headers: {
      'x-tappa-csrf': '1',
      ...(call.body !== undefined && !call.headers ? { 'content-type': 'application/json' } : {}),
      ...(call.cookie ? { cookie: call.cookie } : {}),
      // The server believes X-Forwarded-For from this host (TRUST_PROXY=loopback): every team
      // gets its own address, as phones behind a reverse proxy would; per-IP limits apply per team.
      ...(call.ip ? { 'x-forwarded-for': call.ip } : {}),
      ...call.headers,
    },
  });
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${call.method} ${call.path}: ${res.status} ${res.body}`);
  }
  return res;
}

/** Signs the bench superadmin in; answers the session cookie. */
export async function signInSuperadmin(client: HttpClient): Promise<string> {
  const signIn = await apiCall(client, {
    method: 'POST',
    path: '/api/session/sign-in',
    body: JSON.stringify(BENCH_SUPERADMIN),
    ip: '10.250.0.1',
  });
  return cookieFrom(signIn.headers);
}

/** Creates an active tenant as the superadmin (cookie `admin`); answers its slug. */
export async function createBenchTenant(client: HttpClient, admin: string): Promise<string> {
  const tenant = await apiCall(client, {
    method: 'POST',
    path: '/api/platform/tenants',
    cookie: admin,
    ...multipart(benchTenant()),
  });
  return (JSON.parse(tenant.body) as { slug: string }).slug;
}

/** A world with its route's id and the superadmin's session (for the staff's endpoints). */
export type StaffWorld = BenchWorld & { routeId: string; admin: string };

/** Signs the superadmin in and finds the world's route: what the staff's endpoints need. */
export async function withStaff(client: HttpClient, world: BenchWorld): Promise<StaffWorld> {
  const admin = await signInSuperadmin(client);
  const routes = await apiCall(client, {
    method: 'GET',
    path: `/api/tenants/${world.slug}/routes`,
    cookie: admin,
  });
  const route = (JSON.parse(routes.body) as RouteListResponse).routes.find(
    (r) => r.slug === world.routeSlug,
  );
  if (!route) throw new Error(`the bench route ${world.routeSlug} is missing`);
  return { ...world, routeId: route.id, admin };
}

/**
 * Builds the world through the real API (not measured): the superadmin signs in, creates a
 * tenant and imports the route (`routeJson`, with the slug ROUTE_SLUG; else `benchRouteJson`);
 * then `teams` teams identify, register, start and load the game.
 */
export async function setUpWorld(
  client: HttpClient,
  opts: { teams: number; steps: number; concurrency: number; routeJson?: string },
): Promise<BenchWorld> {
  const admin = await signInSuperadmin(client);
  const slug = await createBenchTenant(client, admin);
  await apiCall(client, {
    method: 'POST',
    path: `/api/tenants/${slug}/routes/import`,
    cookie: admin,
    body: JSON.stringify({ json: opts.routeJson ?? benchRouteJson(opts.steps) }),
  });
  const teams = await startTeams(client, { slug, from: 0, count: opts.teams, ...opts });
  return { slug, routeSlug: ROUTE_SLUG, teams };
}

/**
 * Teams `from` … `from + count - 1` of the tenant identify, register, start the bench route and
 * load the game, `concurrency` at a time (more teams for a world that has some already).
 */
export async function startTeams(
  client: HttpClient,
  opts: { slug: string; from: number; count: number; concurrency: number },
): Promise<Team[]> {
  const teams: Team[] = [];
  let next = opts.from;
  const end = opts.from + opts.count;
  const workers = Array.from({ length: Math.min(opts.concurrency, opts.count) }, async () => {
    while (next < end) {
      const n = next++;
      teams.push(await startTeam(client, { slug: opts.slug, n }));
    }
  });
  await Promise.all(workers);
  return teams;
}

async function startTeam(client: HttpClient, opts: { slug: string; n: number }): Promise<Team> {
  const email = `team-${opts.n}@bench.test`;
  const ip = `10.${100 + Math.floor(opts.n / 65_536)}.${Math.floor(opts.n / 256) % 256}.${opts.n % 256}`;
  const base = `/api/play/${opts.slug}`;
  const identify = await apiCall(client, {
    method: 'POST',
    path: `${base}/identify`,
    body: JSON.stringify({ email }),
    ip,
  });
  const cookie = cookieFrom(identify.headers);
  await apiCall(client, {
    method: 'PUT',
    path: `${base}/registration`,
    cookie,
    ip,
    ...multipart({ team_name: `Squadra ${opts.n}`, team_members: null }),
  });
  const start = await apiCall(client, {
    method: 'POST',
    path: `${base}/routes/${ROUTE_SLUG}/start`,
    cookie,
    ip,
  });
  const { game_id: gameId } = JSON.parse(start.body) as { game_id: string };
  // Loading the game screen starts the first step's clock, as the phone does.
  const state = await apiCall(client, {
    method: 'GET',
    path: `${base}/games/${gameId}`,
    cookie,
    ip,
  });
  const { steps } = JSON.parse(state.body) as Pick<GameState, 'steps'>;
  return {
    email,
    name: `Squadra ${opts.n}`,
    cookie,
    ip,
    gameId,
    steps: steps.map((s, i) => ({
      id: s.id,
      checkType: s.check_type,
      answer: `risposta-${s.ord}`,
      ...textStepPosition(i),
    })),
  };
}

let tenantsMade = 0;

function benchTenant() {
  // Unique within a run: two tenants may be made in the same millisecond.
  const tag = `${Date.now()}-${++tenantsMade}`;
  return {
    name: `Bench ${tag}`,
    slug: null,
    primary_color: '#3B82F6',
    secondary_color: '#10B981',
    payoff: null,
    description: null,
    admin_email: `admin-${tag}@bench.test`,
    company_name: 'Bench srl',
    address: null,
    city: null,
    postal_code: null,
    country: 'IT',
    tax_code: null,
    vat_number: null,
    sdi_code: null,
    expiry_date: null,
    is_active: true,
    phone: null,
    mobile: null,
    email: null,
    admin_password: 'bench-admin-password',
  };
}
