import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './pglite-thread';

describe('PGlite in its own thread', () => {
  let thread: PgliteThread;
  const count = async () =>
    (await thread.client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n;

  beforeAll(async () => {
    thread = await startPgliteThread(null);
    await thread.client.query('create table t (id int primary key)');
  });
  afterAll(() => thread.close());

  it('rolls a transaction back when its callback throws', async () => {
    await expect(
      thread.client.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(0);
  });

  it('runs a statement sent during a transaction after it, not inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = thread.client.transaction(async (tx) => {
      await tx.query('insert into t values (10)');
      await held;
      throw new Error('rolled back');
    });
    // Inside the transaction it would be rolled back with it.
    const outside = thread.client.query('insert into t values (11)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(open).rejects.toThrow('rolled back');
    await outside;
    const ids = await thread.client.query<{ id: number }>('select id from t order by id');
    expect(ids.rows).toEqual([{ id: 11 }]);
    await thread.client.query('delete from t');
  });

  it("returns PostgreSQL's error fields, and a failed COMMIT rejects", async () => {
    await thread.client.query('insert into t values (2)');
    const error = await thread.client
      .query('insert into t values (2)')
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(
      thread.client.transaction(async (tx) => {
        // The failure is swallowed, but the transaction is aborted: COMMIT becomes ROLLBACK.
        await tx.query('insert into t values (2)').catch(() => null);
      }),
    ).rejects.toThrow('The transaction was rolled back');
    expect(await count()).toBe(1);
  });
});
