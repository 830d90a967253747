import { createHash } from 'node:crypto';
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * What the database keeps of a secret token: its SHA-256, base64url without padding (the
 * encoding the identity library uses for the verification identifiers it hashes).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

type Row = Record<string, unknown>;

/** The raw tokens of one call, by their hash, to give rows back their cookie's token. */
class TokenBook {
  private readonly byHash = new Map<string, string>();

  hash(token: unknown): unknown {
    if (typeof token !== 'string') return token;
    const hashed = hashToken(token);
    this.byHash.set(hashed, token);
    return hashed;
  }

  hashWhere(where: Where[]): Where[] {
    return where.map((clause) => {
      if (clause.field !== 'token') return clause;
      const { value } = clause;
      const hashed = Array.isArray(value) ? value.map((v) => this.hash(v)) : this.hash(value);
      return { ...clause, value: hashed as Where['value'] };
    });
  }

  /**
   * The row with the token its caller named. A row found by other fields (a user's sessions)
   * keeps the hash: no raw token exists to give back, and the hash opens no session.
   */
  restore<R>(row: R): R {
    if (row === null || typeof row !== 'object') return row;
    const { token } = row as Row;
    if (typeof token !== 'string') return row;
    return { ...row, token: this.byHash.get(token) ?? token };
  }
}

/**
 * Wraps the identity library's database adapter so that a session's token is stored and looked
 * up as its hash (`hashToken`): a copy of the `auth_sessions` table opens no session. The
 * library sees the raw token it made or was given, as before.
 */
export function hashSessionTokens(
  adapter: DBAdapter<BetterAuthOptions>,
): DBAdapter<BetterAuthOptions> {
  return { ...wrap(adapter), transaction: (run) => adapter.transaction((trx) => run(wrap(trx))) };
}

function wrap(
  adapter: DBTransactionAdapter<BetterAuthOptions>,
): DBTransactionAdapter<BetterAuthOptions> {
  const isSession = (model: string) => model === 'session';
  /** The where clause with its session tokens hashed. */
  const whereOf = (args: { model: string; where: Where[] }, book = new TokenBook()) =>
    isSession(args.model) ? book.hashWhere(args.where) : args.where;
  /** The values to write with a session token hashed. */
  const valuesOf = <V extends Row>(model: string, values: V, book: TokenBook): V =>
    isSession(model) && 'token' in values ? { ...values, token: book.hash(values.token) } : values;

  return {
    ...adapter,
    async create(args) {
      const book = new TokenBook();
      const data = valuesOf(args.model, args.data as Row, book);
      return book.restore(await adapter.create({ ...args, data }));
    },
    async findOne(args) {
      const book = new TokenBook();
      return book.restore(await adapter.findOne({ ...args, where: whereOf(args, book) }));
    },
    async findMany<T>(args: Parameters<typeof adapter.findMany>[0]) {
      const book = new TokenBook();
      const where = args.where && isSession(args.model) ? book.hashWhere(args.where) : args.where;
      const rows = await adapter.findMany<T>({ ...args, where });
      return rows.map((row) => book.restore(row));
    },
    async update(args) {
      const book = new TokenBook();
      const update = valuesOf(args.model, args.update, book);
      return book.restore(await adapter.update({ ...args, where: whereOf(args, book), update }));
    },
    updateMany: (args) => {
      const book = new TokenBook();
      const update = valuesOf(args.model, args.update, book);
      return adapter.updateMany({ ...args, where: whereOf(args, book), update });
    },
    delete: (args) => adapter.delete({ ...args, where: whereOf(args) }),
    deleteMany: (args) => adapter.deleteMany({ ...args, where: whereOf(args) }),
    count: (args) =>
      adapter.count({
        ...args,
        where:
          args.where && isSession(args.model) ? new TokenBook().hashWhere(args.where) : args.where,
      }),
    async consumeOne(args) {
      const book = new TokenBook();
      return book.restore(await adapter.consumeOne({ ...args, where: whereOf(args, book) }));
    },
    async incrementOne(args) {
      const book = new TokenBook();
      return book.restore(await adapter.incrementOne({ ...args, where: whereOf(args, book) }));
    },
  };
}
