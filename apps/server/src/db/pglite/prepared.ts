import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** Prepared statements kept per database; the oldest is closed when a new one needs room. */
const MAX_PREPARED_STATEMENTS = 500;
/** `cached plan must not change result type`: a table changed under a prepared statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface PreparedStatement {
  name: string;
  paramTypes: number[];
  /** The columns of its rows (absent when it returns none): described once, not per run. */
  rowDescription: BackendMessage | undefined;
}

/**
 * Named prepared statements on PGlite. PGlite's own `query` parses and plans every statement
 * again and crosses into the engine six times (parse, describe, bind, describe, execute, sync);
 * here each SQL text is parsed, planned and described once, and every run is one call (bind,
 * execute, sync). Drizzle sends the same text for the same query shape (values are parameters),
 * so the app's queries take a half to a quarter of the time. Parameters are serialized and rows
 * parsed as PGlite's `query` does. The database thread (pglite-worker.ts) runs every statement
 * through `runPrepared`, holding PGlite's query lock (`_runExclusiveQuery`) as its `query` does.
 *
 * With `retry`, a statement whose table changed under it (one failure) is prepared and run again:
 * only outside a transaction, where the failure left nothing aborted.
 */
export function createPreparedRunner(client: PGlite) {
  const statements = new Map<string, PreparedStatement>();
  let counter = 0;

  const send = (messages: Uint8Array[], throwOnError = true) =>
    client.execProtocolStream(Buffer.concat(messages), { syncToFs: false, throwOnError });

  async function prepare(text: string): Promise<PreparedStatement> {
    const known = statements.get(text);
    if (known) return known;
    const oldest = statements.entries().next().value;
    if (oldest && statements.size >= MAX_PREPARED_STATEMENTS) {
      statements.delete(oldest[0]);
      await send([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()], false);
    }
    counter += 1;
    const name = `tappa_${counter}`;
    const described = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function runOnce<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const statement = await prepare(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      // As PGlite's `query`: a value without a serializer for its type is sent as its text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    try {
      const messages = await send([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      if (statement.rowDescription) messages.unshift(statement.rowDescription);
      // PGlite copies its ~300 type parsers into a new object when a query brings its own (drizzle
      // does, for dates): here the few given ones sit on top of the shared ones instead.
      const parsers = options?.parsers
        ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
        : client.parsers;
      const [result] = parse.parseResults(messages, parsers, { ...options, parsers: undefined });
      if (!result) throw new Error('PGlite returned no result');
      return result as Results<T>;
    } catch (err) {
      if ((err as { code?: unknown }).code === FEATURE_NOT_SUPPORTED) statements.delete(text);
      // Like PGlite's `query`: the error names the statement and its parameters.
      throw Object.assign(err as Error, { query: text, params, queryOptions: options });
    }
  }

  async function runPrepared<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    opts: { retry: boolean },
  ): Promise<Results<T>> {
    try {
      return await runOnce<T>(text, params, options);
    } catch (err) {
      if (!opts.retry || (err as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED) throw err;
      return runOnce<T>(text, params, options);
    }
  }

  return { runPrepared };
}
