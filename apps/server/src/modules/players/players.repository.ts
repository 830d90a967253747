import { and, count, eq, exists, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { emailVerifications, games, routes, teamRegistrations } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A team's registration row. */
export type RegistrationRow = typeof teamRegistrations.$inferSelect;

/** What a registration write sets, besides the e-mail. */
export type RegistrationValues = Partial<
  Omit<typeof teamRegistrations.$inferInsert, 'id' | 'tenant_id' | 'email'>
> & { team_name: string };

/** The team's registration in the tenant. */
export async function findRegistration(
  db: Db,
  scope: TenantScope,
  email: string,
): Promise<RegistrationRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(teamRegistrations, eq(teamRegistrations.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * The tenant's registration `id` with its route's title (null without a route); locked for the
 * rest of the transaction when `lock` (an erasure waits for the team's route choice and back).
 */
export async function findRegistrationById(
  db: Db,
  scope: TenantScope,
  opts: { id: string; lock?: boolean },
) {
  const scoped = db.scoped(scope);
  const query = scoped
    .select({ registration: teamRegistrations, route_title: routes.title })
    .from(teamRegistrations, eq(teamRegistrations.id, opts.id))
    .leftJoin(routes, scoped.on(routes, eq(routes.id, teamRegistrations.route_id)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: teamRegistrations }) : await query;
  return row ?? null;
}

/**
 * The team's registration, locked for the rest of the transaction: the team's route choices and
 * code redemptions run one after the other. Null when the team never registered.
 */
export async function lockRegistration(db: Db, scope: TenantScope, email: string) {
  const [row] = await db
    .scoped(scope)
    .selectFrom(teamRegistrations, eq(teamRegistrations.email, email))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Creates or updates the team's registration (one per tenant and e-mail). */
export async function upsertRegistration(
  db: Db,
  scope: TenantScope,
  email: string,
  values: RegistrationValues,
): Promise<RegistrationRow> {
  const [row] = await db
    .scoped(scope)
    .insert(teamRegistrations, { ...values, email })
    .onConflictDoUpdate({
      target: [teamRegistrations.tenant_id, teamRegistrations.email],
      set: { ...values, updated_at: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned no registration');
  return row;
}

/** How many teams registered with the tenant (the dashboard's 'Giocatori Totali'). */
export async function countRegistrations(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db.scoped(scope).select({ n: count() }).from(teamRegistrations);
  return row?.n ?? 0;
}

/**
 * How many of those teams started a game since `since` (the dashboard's 'Giocatori Attivi',
 * decision 0059): counted as teams like the total, so never more than it, however many games
 * one team started.
 */
export async function countActiveRegistrations(
  db: Db,
  scope: TenantScope,
  since: Date,
): Promise<number> {
  const scoped = db.scoped(scope);
  const started = scoped
    .select({ id: games.id })
    .from(games, and(eq(games.owner_email, teamRegistrations.email), gte(games.started_at, since)));
  const [row] = await scoped.select({ n: count() }).from(teamRegistrations, exists(started));
  return row?.n ?? 0;
}

/** Stores a verification token's hash for the team's e-mail. */
export async function insertVerification(
  db: Db,
  scope: TenantScope,
  values: { tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.scoped(scope).insert(emailVerifications, {
    token_hash: values.tokenHash,
    email: values.email,
    expires_at: values.expiresAt,
  });
}

/** The tenant's verification with this token hash, if any. */
export async function findVerification(db: Db, scope: TenantScope, tokenHash: string) {
  const [row] = await db
    .scoped(scope)
    .selectFrom(emailVerifications, eq(emailVerifications.token_hash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the verification used; only the request that flips `verified` gets its e-mail back, so a
 * link works once even when opened twice at once.
 */
export async function markVerified(
  db: Db,
  scope: TenantScope,
  opts: { id: string; now: Date },
): Promise<boolean> {
  const updated = await db
    .scoped(scope)
    .update(
      emailVerifications,
      { verified: true, verified_at: opts.now },
      and(eq(emailVerifications.id, opts.id), eq(emailVerifications.verified, false)),
    )
    .returning({ id: emailVerifications.id });
  return updated.length > 0;
}

/** Deletes the tenant's registration `id` and every e-mail verification of its e-mail. */
export async function deleteRegistration(
  db: Db,
  scope: TenantScope,
  opts: { id: string; email: string },
): Promise<void> {
  const scoped = db.scoped(scope);
  await scoped.delete(emailVerifications, eq(emailVerifications.email, opts.email));
  await scoped.delete(teamRegistrations, eq(teamRegistrations.id, opts.id));
}

/**
 * Records on the tenant's registration `id` that its team paid `amountEuro` for the route (the
 * signed webhook, decision 0044).
 */
export async function setRegistrationPaid(
  db: Db,
  scope: TenantScope,
  opts: { id: string; routeId: string; amountEuro: string },
): Promise<void> {
  await db
    .scoped(scope)
    .update(
      teamRegistrations,
      { route_id: opts.routeId, payment_status: 'completed', payment_amount: opts.amountEuro },
      eq(teamRegistrations.id, opts.id),
    );
}

/**
 * Turns the registration's completed payment for route `routeId` back to `pending` (a refund,
 * decision 0046); a registration that moved on to another route is left as it is.
 */
export async function setRegistrationUnpaid(
  db: Db,
  scope: TenantScope,
  opts: { id: string; routeId: string },
): Promise<void> {
  await db
    .scoped(scope)
    .update(
      teamRegistrations,
      { payment_status: 'pending' },
      and(
        eq(teamRegistrations.id, opts.id),
        eq(teamRegistrations.route_id, opts.routeId),
        eq(teamRegistrations.payment_status, 'completed'),
      ),
    );
}
