import { parseRouteJson, toRouteJson } from './route-json';
import type { ImportedRoute, RouteJson } from './route-json-types';

// Helpers of the route JSON tests (not exported by the package).

/** A document imported, or the test fails with its issue. */
export const parsed = (input: unknown): ImportedRoute => {
  const result = parseRouteJson(input);
  if (!result.ok) throw new Error(result.error.issue);
  return result.route;
};

/** Imports a document and exports it again, as an admin's import then export would. */
export const exported = (input: unknown): RouteJson => {
  const { steps, ...meta } = parsed(input);
  return toRouteJson(meta, steps);
};
