import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './thread';

/** A module with no tasks: these tests talk to the engine statement by statement. */
const NO_TASKS = 'data:text/javascript,export const tasks = {};';

describe('PGlite in its own thread', () => {
  let thread: PgliteThread<Record<string, never>>;
  const count = async () =>
    (await thread.client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n;

  beforeAll(async () => {
    thread = await startPgliteThread({ dataDir: null, tasksModule: NO_TASKS });
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
    const sent: Promise<unknown>[] = [];
    const open = thread.client.transaction(async (tx) => {
      await tx.query('insert into t values (10)');
      // Inside the transaction it would be rolled back with it.
      sent.push(thread.client.query('insert into t values (11)'));
      // The thread answers in order: once this statement is answered, the one sent before it
      // from outside has arrived and waits for the transaction to end.
      await tx.query('select 1');
      throw new Error('rolled back');
    });
    await expect(open).rejects.toThrow('rolled back');
    await Promise.all(sent);
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
