/**
 * The endpoint table (decision 0060): every endpoint of the API, one file per resource. The
 * server serves each declaration once and the web calls them; `ENDPOINTS` lists them all for
 * the start-up check and the tests.
 */
import type { Endpoint } from '../endpoint';
import * as table from './table';

export * from './table';

/** Every resource of the table, by name. */
export const ENDPOINTS: Resource = table;

/** A resource of the table: its endpoints, or sets of them (a library for the staff and the platform). */
interface Resource {
  readonly [name: string]: Endpoint | Resource;
}

const isEndpoint = (value: Endpoint | Resource): value is Endpoint =>
  typeof value.method === 'string' && typeof value.path === 'string';

/** The endpoints of a resource or of the whole table, in declaration order. */
export function endpointsIn(resource: Resource = ENDPOINTS): Endpoint[] {
  return Object.values(resource).flatMap((value) =>
    isEndpoint(value) ? [value] : endpointsIn(value),
  );
}
