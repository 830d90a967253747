import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** Drizzle on either engine (PGlite or PostgreSQL), or one of its transactions. */
export type Drizzle = PgDatabase<PgQueryResultHKT, typeof schema>;
