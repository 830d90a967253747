import type { EndpointAccess, Endpoint } from '@tappa/contracts';

/**
 * Who may call a route: the access of the endpoint it serves (`@tappa/contracts`, decision
 * 0060). The app refuses to start with an API route that declares none, and the access sweep
 * test checks each route's behaviour against its declaration.
 */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The endpoint the route serves, with who may call it (the start-up check, the CSRF check,
     * the access sweep and the fuzz tier read it).
     */
    endpoint?: Endpoint;
  }
}
