import type { EndpointAccess, Endpoint } from '@tappa/contracts';

/**
 * Who may call a route: the access of the endpoint it serves (`@tappa/contracts`, decision
 * 0060). The app refuses to start with an API route that declares none, and the access sweep
 * test checks each route's behaviour against its declaration.
 */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. */
    access?: RouteAccess;
    /** The endpoint the route serves (the access sweep and the start-up check read it). */
    endpoint?: Endpoint;
  }
}
