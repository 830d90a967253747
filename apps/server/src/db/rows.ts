import type { SQL } from 'drizzle-orm';
import type { Drizzle } from './drizzle';

/** The rows of a hand-written statement, on either driver. */
export async function rowsOf<R>(d: Drizzle, query: SQL): Promise<R[]> {
  const result: unknown = await d.execute(query);
  return (result as { rows: R[] }).rows;
}
