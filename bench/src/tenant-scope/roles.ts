import pg from 'pg';
import { TENANT_SETTING } from './data';

/** Runs `work` on a connection of its own to `url` (as `user` when given), then closes it. */
async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>, user?: string) {
  const target = new URL(url);
  if (user) target.username = user;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** 'accepted' (with what `work` answered, when text) or 'refused' and why. */
const outcome = (work: Promise<unknown>) =>
  work.then(
    (said) => (typeof said === 'string' ? `accepted, ${said}` : 'accepted'),
    (err: Error) => `refused: ${err.message}`,
  );

const countRoutes = async (c: pg.Client) => {
  const { rows } = await c.query<{ n: number }>('select count(*)::int n from routes');
  return `sees ${rows[0]?.n} routes`;
};

const guardedCreate = (role: string) => `do $$ begin
    if not exists (select from pg_roles where rolname = '${role}') then
      create role ${role} nologin;
    end if;
  end $$`;

/**
 * What roles mean on a PostgreSQL server, found by trying (no PASS/FAIL: facts to report): roles
 * are the cluster's, not the database's; a guarded CREATE ROLE still races between databases
 * migrating at once; a login without superuser or CREATEROLE (a managed database's app user)
 * cannot create the role, and needs membership in it to SET ROLE.
 */
export async function probeRoles(opts: {
  adminUrl: string;
  databaseUrl: string;
  role: string;
  tenantId: string;
  /** How many times two databases race to create a role. */
  races: number;
}): Promise<{ lines: string[]; roles: string[] }> {
  const { adminUrl, databaseUrl, role } = opts;
  const [race, app] = [`${role}_race`, `${role}_app`];
  const lines: string[] = [];
  const seen = await withClient(adminUrl, (c) =>
    c.query('select 1 from pg_roles where rolname = $1', [role]),
  );
  lines.push(
    `the role ${role}, created by the migration of ${new URL(databaseUrl).pathname.slice(1)}, is visible from database ${new URL(adminUrl).pathname.slice(1)}: ${seen.rowCount === 1}`,
  );
  const again = await outcome(withClient(adminUrl, (c) => c.query(`create role ${role} nologin`)));
  lines.push(`a second database's migration with a plain CREATE ROLE ${role}: ${again}`);

  const failures = new Map<string, number>();
  for (let n = 0; n < opts.races; n++) {
    await withClient(adminUrl, (c) => c.query(`drop role if exists ${race}`));
    const attempts = [databaseUrl, adminUrl].map((url) =>
      outcome(withClient(url, (c) => c.query(guardedCreate(race)))),
    );
    for (const result of await Promise.all(attempts)) {
      if (result !== 'accepted') failures.set(result, (failures.get(result) ?? 0) + 1);
    }
  }
  const failed = [...failures].map(([message, times]) => `${times}× ${message}`).join('; ');
  lines.push(
    `two databases migrating at once, each with 'if not exists (…pg_roles…) then create role', ${opts.races} times: ${failed || 'no failure'}`,
  );

  await withClient(adminUrl, (c) => c.query(`create role ${app} login`));
  const asApp = <T>(work: (c: pg.Client) => Promise<T>) => withClient(databaseUrl, work, app);
  const setRole = (c: pg.Client) =>
    c.query(
      `begin; set local role ${role}; select set_config('${TENANT_SETTING}', '${opts.tenantId}', true)`,
    );
  lines.push(
    `a login without superuser or CREATEROLE (a managed database's app user): CREATE ROLE ${await outcome(asApp((c) => c.query(`create role ${race}_x`)))}`,
    `  the same login, not a member of ${role}: SET LOCAL ROLE ${await outcome(asApp(setRole))}`,
    `  the same login, not the tables' owner, without SET ROLE: select from routes ${await outcome(asApp((c) => c.query('select 1 from routes limit 1')))}`,
  );
  await withClient(adminUrl, (c) => c.query(`grant ${role} to ${app}`));
  const member = await outcome(asApp((c) => setRole(c).then(() => countRoutes(c))));
  const fresh = await outcome(
    asApp((c) => c.query(`begin; set local role ${role}`).then(() => countRoutes(c))),
  );
  lines.push(
    `  after GRANT ${role} TO the login (membership): SET LOCAL ROLE + the tenant ${member}`,
    `  a fresh connection that never set the tenant (the setting is null): ${fresh}`,
  );
  return { lines, roles: [race, `${race}_x`, app] };
}

/** Drops `roles` (after the database holding their privileges was dropped). */
export async function dropRoles(adminUrl: string, roles: string[]): Promise<void> {
  await withClient(adminUrl, async (c) => {
    for (const role of roles) await c.query(`drop role if exists ${role}`);
  });
}
