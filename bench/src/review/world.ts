import {
  type ReviewNext,
  review,
  tenantRoles,
  tenants,
  type TenantListResponse,
  tenantStaff,
  urlOf,
} from '@tappa/contracts';
import { textRouteJson } from '@tappa/domain/fixtures/text-route';
import sharp from 'sharp';
import type { HttpClient } from '../lib/http-client';
import { inBatches } from '../lib/in-batches';
import { type HttpPlayer, httpPlayer } from '../lib/http-player';
import { cookieFrom } from '../lib/http-client';
import { apiCall, createBenchTenant, ROUTE_SLUG, type StaffWorld, startTeams } from '../lib/setup';

/**
 * The review bench's route: 3 steps as `textRouteJson` makes them (200 m apart, no direction),
 * the first two photo steps under staff review (the second is the decision → phone phase's), the
 * third a text step, so a rejection reopens a step of a game that is not over.
 */
export function reviewRouteJson(): string {
  const route = JSON.parse(
    textRouteJson({
      slug: ROUTE_SLUG,
      title: 'Review route',
      description: 'Photo steps under staff review for the review benchmark',
      steps: 3,
    }),
  ) as { steps: Record<string, unknown>[] };
  for (const step of route.steps.slice(0, 2)) {
    Object.assign(step, { check_type: 'photo', check_answer: null, review: 'staff' });
  }
  return JSON.stringify(route);
}

/** A camera's photo: 1600×1200 of one colour, the `n`th of a walk round the colour wheel. */
export function photoOf(n: number): Promise<Buffer> {
  const hue = (n * 137.508) % 360;
  const [r, g, b] = [0, 120, 240].map((shift) =>
    Math.round(127 + 100 * Math.cos(((hue + shift) * Math.PI) / 180)),
  );
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A team's phone: its player, which uploads the team's own photo (`photoIndex`) on a photo step. */
export interface PhotoTeam {
  player: HttpPlayer;
  photoIndex: number;
}

/**
 * `count` more teams (from team `from`) register and start the route, then each uploads its
 * photo and tries the first step: `count` items wait for a judge. `concurrency` at a time.
 */
export async function teamsWithItems(
  client: HttpClient,
  world: StaffWorld,
  opts: { from: number; count: number; concurrency: number },
): Promise<PhotoTeam[]> {
  const teams = await startTeams(client, { slug: world.slug, ...opts });
  const phones = teams.map((team, i) => ({ team, photoIndex: 2 * (opts.from + i) }));
  return inBatches(phones, opts.concurrency, async ({ team, photoIndex }) => {
    // Both photo steps' photos, each its own colour.
    const photos = [await photoOf(photoIndex), await photoOf(photoIndex + 1)];
    const player = httpPlayer(client, { slug: world.slug, team, wrongRatio: 0, photos });
    await tryPhotoStep(player);
    return { player, photoIndex };
  });
}

/** The team uploads its photo for the step it is on and tries it; anything but correct throws. */
export async function tryPhotoStep(player: HttpPlayer): Promise<void> {
  const outcome = await player.tryNext();
  if (outcome.kind !== 'correct') {
    throw new Error(`team ${player.team.name}: a photo try answered ${JSON.stringify(outcome)}`);
  }
}

/** A judge's session: its cookie and its own address. */
export interface Judge {
  email: string;
  cookie: string;
  ip: string;
}

/**
 * A judge of the world's tenant, signed in. Adding a judge through the tenant's staff API (the
 * Admin Users tab's) is refused today (404 `user_not_found`: the staff list it answers with
 * knows tenant admins and game managers only), so the superadmin makes the account a game
 * manager of another tenant (`home`, from `judgeHome`) and grants it the role `judge` here
 * through the tenant's roles (the platform's Roles dialog), as for a judge of elsewhere.
 */
export async function makeJudge(
  client: HttpClient,
  world: StaffWorld,
  home: JudgeHome,
  n: number,
): Promise<Judge> {
  const email = `judge-${n}@bench.test`;
  const password = 'bench-judge-password';
  const asAdmin = { cookie: world.admin, ip: '10.250.0.1' };
  await apiCall(client, {
    method: 'POST',
    path: urlOf(tenantStaff.add, { slug: home.slug }),
    ...asAdmin,
    body: JSON.stringify({ email, display_name: `Giudice ${n}`, password, role: 'game_manager' }),
  });
  await apiCall(client, {
    method: 'POST',
    path: urlOf(tenantRoles.grant, { id: home.worldTenantId }),
    ...asAdmin,
    body: JSON.stringify({ email, role: 'judge' }),
  });
  const ip = `10.251.0.${n + 1}`;
  const signIn = await apiCall(client, {
    method: 'POST',
    path: '/api/session/sign-in',
    body: JSON.stringify({ email, password }),
    ip,
  });
  return { email, cookie: cookieFrom(signIn.headers), ip };
}

/** The judges' own tenant, and the id of the world's tenant (the roles' address). */
export interface JudgeHome {
  slug: string;
  worldTenantId: string;
}

/** Creates the judges' own tenant and finds the world's tenant's id. */
export async function judgeHome(client: HttpClient, world: StaffWorld): Promise<JudgeHome> {
  const slug = await createBenchTenant(client, world.admin);
  const res = await apiCall(client, {
    method: 'GET',
    path: urlOf(tenants.list, {}),
    cookie: world.admin,
    ip: '10.250.0.1',
  });
  const tenant = (JSON.parse(res.body) as TenantListResponse).tenants.find(
    (t) => t.slug === world.slug,
  );
  if (!tenant) throw new Error(`the tenant ${world.slug} is missing from the platform's list`);
  return { slug, worldTenantId: tenant.id };
}

/** The tenant's pending items, as the queue's count shows them. */
export async function pendingCount(client: HttpClient, world: StaffWorld): Promise<number> {
  const res = await apiCall(client, {
    method: 'GET',
    path: urlOf(review.summary, { slug: world.slug }),
    cookie: world.admin,
    ip: '10.250.0.1',
  });
  return (JSON.parse(res.body) as { pending: number }).pending;
}

/** `review.next` for a judge (`after`: the item it claims after; `keep`: the others it holds). */
export async function nextItem(
  client: HttpClient,
  world: StaffWorld,
  judge: Judge,
  after?: string,
  keep: string[] = [],
) {
  const res = await apiCall(client, {
    method: 'POST',
    path: urlOf(review.next, { slug: world.slug }),
    cookie: judge.cookie,
    ip: judge.ip,
    body: JSON.stringify(after ? { after, keep } : {}),
  });
  return (JSON.parse(res.body) as ReviewNext).item;
}
