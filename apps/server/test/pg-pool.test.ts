import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionSafePool } from '../src/db/pg-pool';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';

/** Ends a client's connection from this side, as a network or server failure would. */
const cutConnection = (client: pg.PoolClient) =>
  (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();

describe.skipIf(TEST_DB !== 'postgres')('the PostgreSQL pool when connections drop', () => {
  let database: TestDatabase;
  let pool: ConnectionSafePool;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // One connection: a client the pool never got back would leave it none (a bound, not a wait).
  const onePool = () =>
    new ConnectionSafePool({
      connectionString: database.url ?? '',
      max: 1,
      connectionTimeoutMillis: 10_000,
    });

  it("gives back a transaction's client whose connection drops before its begin", async () => {
    pool = onePool();
    const db = drizzle(pool);
    let isCut = false;
    pool.on('acquire', (client) => {
      if (isCut) return;
      isCut = true;
      cutConnection(client);
    });
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    const rows = await db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows);
    expect(rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it('gives back a checked-out client whose connection is lost, and ignores its late release', async () => {
    pool = onePool();
    const client = await pool.connect();
    const lost = new Promise((resolve) => client.once('end', resolve));
    cutConnection(client);
    await lost;
    const next = await pool.connect();
    expect((await next.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    client.release();
    next.release();
    await pool.end();
  });
});
