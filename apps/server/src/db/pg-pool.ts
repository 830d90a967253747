import pg from 'pg';

type ConnectCallback = Parameters<pg.Pool['connect']> extends [infer C] ? C : never;

/**
 * A PostgreSQL pool that survives its connections being dropped under load (decision 0055):
 * - a client that loses its connection never crashes the process, idle or checked out: pg-pool's
 *   own listener covers idle clients only, and a checked-out client (a transaction) emits 'error'
 *   as well as failing its query, which gets the error;
 * - a checked-out client whose connection is lost goes back to the pool at once (which ends it),
 *   and a later `release()` of it does nothing: drizzle's pooled transaction never releases its
 *   client when `begin` fails (drizzle-orm#6241), which took one connection for good at each
 *   such failure until the pool had none left.
 */
export class ConnectionSafePool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('error', () => undefined);
    this.on('connect', (client) => client.on('error', () => undefined));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own `query`, which gives its client back itself.
    if (callback) return super.connect(callback);
    return super.connect().then(givenBackWhenLost);
  }
}

function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let isBack = false;
  const giveBack = (err?: Error | boolean) => {
    if (isBack) return;
    isBack = true;
    client.removeListener('error', onLost);
    client.removeListener('end', onLost);
    release(err);
  };
  const onLost = (err?: Error) => giveBack(err ?? new Error('Connection terminated'));
  client.on('error', onLost);
  client.on('end', onLost);
  client.release = giveBack;
  return client;
}
