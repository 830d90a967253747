import {
  type BodyOf,
  type Endpoint,
  type EndpointAccess,
  type ParamsOf,
  paramsSchemaOf,
  type QueryOf,
  type ResponseOf,
} from '@tappa/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type {} from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type {
  Access,
  PlayerAccess,
  SignedInCaller,
  StaffAccess,
  SuperadminAccess,
  TenantAccess,
  TenantViewer,
} from './access';

/** Who the guard of an access found: what a handler of that access is given as `caller`. */
export interface CallerOfAccess {
  public: null;
  'public-tenant': TenantAccess;
  'signed-in': SignedInCaller;
  superadmin: SuperadminAccess;
  'tenant-staff': StaffAccess;
  player: PlayerAccess;
  'team-or-staff': TenantViewer;
  'signed-webhook': null;
}

/** The scope a handler of an access works in, when its guard gives one. */
type ScopeOf<A extends EndpointAccess> = CallerOfAccess[A] extends { scope: infer S } ? S : null;

/** What a schema gives the handler: its output (defaults filled in), else the declared type. */
type Checked<Schema, Declared> = Schema extends z.ZodType ? z.output<Schema> : Declared;

/**
 * What a handler is given: the caller its guard found, its scope, and the request checked by
 * the schemas `S`.
 */
export interface Served<E extends Endpoint, S extends SchemasOf<E> = SchemasOf<E>> {
  caller: CallerOfAccess[E['access']];
  scope: ScopeOf<E['access']>;
  params: ParamsOf<E>;
  body: Checked<S['body'], BodyOf<E>>;
  query: Checked<S['query'], QueryOf<E>>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A multipart body: read by the handler (`readMultipartForm`), not by a schema. */
export const MULTIPART = 'multipart';

/** The schemas that check an endpoint's declared types: body, query and answer. */
export type SchemasOf<E extends Endpoint> = (BodyOf<E> extends undefined
  ? { body?: undefined }
  : BodyOf<E> extends FormData
    ? { body: typeof MULTIPART }
    : { body: z.ZodType<BodyOf<E>> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: z.ZodType<QueryOf<E>> }) &
  (ResponseOf<E> extends undefined
    ? { response?: undefined }
    : { response: z.ZodType<ResponseOf<E>> });

/** Route options besides the declaration: OpenAPI tags, limits, logging. */
export interface ServeOptions {
  tags: string[];
  rateLimit?: NonNullable<RouteShorthandOptions['config']>['rateLimit'];
  bodyLimit?: number;
  logLevel?: RouteShorthandOptions['logLevel'];
  /** A staff write allowed while the tenant is only switched off (to switch it back on). */
  writableWhileInactive?: boolean;
  /** The answer goes out as it is, never compressed (an archive that is compressed already). */
  compress?: false;
  /** Left out of the OpenAPI document (a provider's webhook). */
  hide?: boolean;
  /** The route's one-line summary in the OpenAPI document. */
  summary?: string;
  /** The media types of its answer in the OpenAPI document, when not JSON (an event stream). */
  produces?: string[];
  /** The answers of other statuses, which the handler sends itself through `reply` (health's 503). */
  otherResponses?: Record<number, z.ZodType>;
}

/** What a handler answers: the declared answer, or the reply it sent itself (a file, a stream). */
type Answer<E extends Endpoint> =
  ResponseOf<E> extends undefined ? undefined | FastifyReply : ResponseOf<E> | FastifyReply;

/**
 * Registers the routes of endpoints declared in `@tappa/contracts` (decision 0060): the guard
 * the declaration's access names runs first (with the staff policy it names), then the handler
 * gets `{ caller, scope, params, body, query }` checked by the schemas. Handlers call no guard.
 */
export function servesOn(app: FastifyInstance, access: Access) {
  return function serve<E extends Endpoint, S extends SchemasOf<E>>(
    endpoint: E,
    schemas: S,
    options: ServeOptions,
    handler: (served: Served<E, S>) => Promise<Answer<E>>,
  ): void {
    const guard = guardOf(access, endpoint);
    const isMultipart = schemas.body === MULTIPART;
    const schema: FastifySchema = {
      tags: options.tags,
      ...(options.hide ? { hide: true } : {}),
      ...(options.summary ? { summary: options.summary } : {}),
      ...(options.produces ? { produces: options.produces } : {}),
      params: paramsSchemaOf(endpoint.path),
      ...(schemas.body && !isMultipart ? { body: schemas.body } : {}),
      ...(isMultipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.response
        ? { response: { ...options.otherResponses, [endpoint.status ?? 200]: schemas.response } }
        : {}),
    };
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema,
      bodyLimit: options.bodyLimit,
      logLevel: options.logLevel,
      config: { endpoint, rateLimit: options.rateLimit },
      ...(options.compress === false ? { compress: false as const } : {}),
      handler: async (request, reply) => {
        const params = request.params as ParamsOf<E>;
        const caller = (await guard(request, params, options)) as CallerOfAccess[E['access']];
        const scope = (caller && 'scope' in caller ? caller.scope : null) as ScopeOf<E['access']>;
        const answer = await handler({
          caller,
          scope,
          params,
          body: request.body as Served<E, S>['body'],
          query: request.query as Served<E, S>['query'],
          request,
          reply,
        });
        // A handler that sent the reply itself returns it; awaiting a reply (a thenable) waits
        // until it is sent and gives `undefined`, so `sent` says so too, or until its reader
        // went away in the middle of a stream: then the headers went out, or the socket is gone.
        if (answer === reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) {
          return reply;
        }
        return reply.status(endpoint.status ?? 200).send(answer);
      },
    });
  };
}

/** What a socket endpoint's `accept` is given at its handshake: the caller its guard found. */
export interface SocketServed<E extends Endpoint> {
  caller: CallerOfAccess[E['access']];
  scope: ScopeOf<E['access']>;
  params: ParamsOf<E>;
  request: FastifyRequest;
}

/**
 * A WebSocket endpoint (decision 0089): `accept` decides at the handshake, before the upgrade,
 * and what it answers goes to `open` with the socket once upgraded.
 */
export interface SocketHandlers<E extends Endpoint, T> {
  accept(served: SocketServed<E>): Promise<T>;
  open(socket: WebSocket, accepted: T): void;
}

/**
 * A browser's WebSocket carries the site's cookies but cannot carry the CSRF header: its
 * handshake must come from a page of this site (its `Origin` names this host). A client that is
 * not a browser sends no `Origin`, and has no cookie of a victim to use.
 */
function refuseCrossSite(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // Not an origin at all: refused below.
  }
  if (host !== request.host) {
    throw new AppError('forbidden', undefined, { message: 'A WebSocket of another site' });
  }
}

/**
 * Registers WebSocket endpoints declared in `@tappa/contracts` (decision 0089): the handshake, a
 * GET, runs the app's hooks, the declaration's guard and `accept`, and a refusal is an HTTP answer
 * with the API's error before anything is upgraded; then `open` has the socket. Not in the
 * OpenAPI document (it describes no WebSocket).
 */
export function socketsOn(app: FastifyInstance, access: Access) {
  return function serveSocket<E extends Endpoint, T>(
    endpoint: E,
    options: Pick<ServeOptions, 'tags'>,
    handlers: SocketHandlers<E, T>,
  ): void {
    if (endpoint.method !== 'GET')
      throw new Error(`${endpoint.path}: a socket's handshake is a GET`);
    const guard = guardOf(access, endpoint);
    const accepted = new WeakMap<FastifyRequest, T>();
    app.get(
      endpoint.path,
      {
        websocket: true,
        schema: { tags: options.tags, params: paramsSchemaOf(endpoint.path) },
        config: { endpoint },
        preHandler: async (request) => {
          refuseCrossSite(request);
          const params = request.params as ParamsOf<E>;
          const caller = (await guard(request, params, options)) as CallerOfAccess[E['access']];
          const scope = (caller && 'scope' in caller ? caller.scope : null) as ScopeOf<E['access']>;
          accepted.set(request, await handlers.accept({ caller, scope, params, request }));
        },
      },
      (socket, request) => {
        const value = accepted.get(request);
        accepted.delete(request);
        handlers.open(socket, value as T);
      },
    );
  };
}

type Guard = (
  request: FastifyRequest,
  params: Record<string, string>,
  options: ServeOptions,
) => Promise<CallerOfAccess[EndpointAccess] | { scope: TenantScope }>;

/** The guard of an endpoint's access, with its staff policy; checked when the route is made. */
function guardOf(access: Access, endpoint: Endpoint): Guard {
  const needsSlug = !['public', 'signed-in', 'superadmin', 'signed-webhook'].includes(
    endpoint.access,
  );
  if (needsSlug && !endpoint.path.includes('/:slug')) {
    throw new Error(`${endpoint.method} ${endpoint.path}: ${endpoint.access} needs a :slug`);
  }
  const slugOf = (params: Record<string, string>) => params.slug ?? '';
  switch (endpoint.access) {
    case 'public':
    case 'signed-webhook':
      return () => Promise.resolve(null);
    case 'public-tenant':
      return (_request, params) => access.requirePlayableTenant(slugOf(params));
    case 'signed-in':
      return (request) => access.requireSignedIn(request);
    case 'superadmin':
      return (request) => access.requireSuperadmin(request);
    case 'tenant-staff': {
      const { policy } = endpoint;
      if (!policy) throw new Error(`${endpoint.method} ${endpoint.path} names no staff policy`);
      return (request, params, options) =>
        access.requireTenantStaff(request, slugOf(params), policy, {
          writableWhileInactive: options.writableWhileInactive,
        });
    }
    case 'player':
      return (request, params) => access.requirePlayer(request, slugOf(params));
    case 'team-or-staff':
      return (request, params) => access.readTenantViewer(request, slugOf(params));
  }
}
