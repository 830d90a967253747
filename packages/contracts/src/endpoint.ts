import type { StaffPolicy } from '@tappa/domain';
import type { BrandAsset } from './platform';
import type { ManifestIconName } from './tenants';

export type { StaffPolicy } from '@tappa/domain';

/**
 * The endpoint table's building block (decision 0060): each endpoint of the API is declared once,
 * in `endpoints/*.ts`, with its method, path, who may call it and the types of what it takes and
 * answers. The server registers its routes from these declarations (the guard of `access`, the
 * `policy`, the schemas bound to the types), the web builds every URL and gets its typed answers
 * from them, and the access sweep reads them. Declarations are plain data without zod, so the
 * phone's pages can import them without the schemas.
 */

/** Who may call an endpoint: the server's guard of that name decides (`modules/access`). */
export type EndpointAccess =
  /** Anyone; nothing tenant-owned beyond public data. */
  | 'public'
  /** Anyone, for a tenant's public data (scoreboards, route list): `:slug` scopes it. */
  | 'public-tenant'
  /** Any active signed-in account. */
  | 'signed-in'
  /** The superadmin only. */
  | 'superadmin'
  /** The staff of the tenant of `:slug` and the superadmin, as the endpoint's `policy` says. */
  | 'tenant-staff'
  /** The team proven by its player cookie for the tenant of `:slug`. */
  | 'player'
  /** The team that owns the record, or the staff of its tenant (game photos). */
  | 'team-or-staff'
  /**
   * A payment provider's webhook: anyone may call, with no cookie and no CSRF header, and only a
   * body signed with the tenant's secret is taken; everything else is refused (decision 0044).
   */
  | 'signed-webhook';

/** The HTTP methods of the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The names of a path's parameters: `/a/:slug/b/:id` gives `'slug' | 'id'`; a trailing `/*`
 * (the rest of the URL, a stored file's key with its slashes) is the parameter `*`.
 */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}/*`
      ? '*'
      : never;

/** A type carried by a declaration without a value (`shape<T>()`). */
export interface Shape<T> {
  /** Never set: only its type is read. */
  readonly shape?: T;
}

/** Declares the type of a body, query or answer in an endpoint's declaration. */
export function shape<T>(): Shape<T> {
  return {};
}

/** An endpoint's declaration. */
export interface Declaration {
  method: HttpMethod;
  path: string;
  access: EndpointAccess;
  /** Required for `tenant-staff` (and only there): which of its staff may call it. */
  policy?: StaffPolicy;
  /** The JSON body, or for multipart the fields the handler reads. */
  body?: Shape<unknown>;
  /** The query string's values. */
  query?: Shape<unknown>;
  /** The JSON answer of a success; none for an empty answer, a file or a stream. */
  response?: Shape<unknown>;
  /** The status of a success: 200 unless it creates (201), accepts (202) or answers nothing (204). */
  status?: 201 | 202 | 204;
}

/** The types an endpoint carries. */
export interface EndpointTypes {
  body: unknown;
  query: unknown;
  response: unknown;
}

/** A declared endpoint, with the types of its body, query and answer. */
export type Endpoint = Declaration & { readonly types?: EndpointTypes };

type TypeOf<S> = S extends Shape<infer T> ? T : undefined;

/** A staff endpoint names its policy; no other endpoint has one. */
type PolicyRule<D extends Declaration> = D['access'] extends 'tenant-staff'
  ? { policy: StaffPolicy }
  : { policy?: undefined };

/** Declares an endpoint; its types are read from the `shape<T>()` of its body, query and answer. */
export function endpoint<const D extends Declaration>(
  declaration: D & PolicyRule<D>,
): D & {
  readonly types?: {
    body: TypeOf<D['body']>;
    query: TypeOf<D['query']>;
    response: TypeOf<D['response']>;
  };
} {
  // `types` is never set: it only carries the types of the shapes.
  return declaration as D;
}

/** The path parameters whose values are a closed set (checked by `params.ts`); others are strings. */
interface ClosedParams {
  asset: BrandAsset;
  name: ManifestIconName;
}

/** The parameters of an endpoint's path. */
export type ParamsOf<E extends Endpoint> = {
  [N in PathParamNames<E['path']>]: N extends keyof ClosedParams ? ClosedParams[N] : string;
};
/** The body an endpoint takes. */
export type BodyOf<E extends Endpoint> = NonNullable<E['types']>['body'];
/** The query an endpoint takes. */
export type QueryOf<E extends Endpoint> = NonNullable<E['types']>['query'];
/** What an endpoint answers. */
export type ResponseOf<E extends Endpoint> = NonNullable<E['types']>['response'];

/**
 * The URL of an endpoint with its parameters filled in, each URL-encoded:
 * `urlOf(games.state, { slug: 'demo', gameId })` is the game's state URL on the demo tenant.
 */
export function urlOf<E extends Endpoint>(e: E, params: ParamsOf<E>): string {
  const values = params as Record<string, string>;
  const valueOf = (name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${e.path}: no value for ${name}`);
    return value;
  };
  return e.path
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(valueOf(name)))
    .replace(/\/\*$/, () => `/${valueOf('*').split('/').map(encodeURIComponent).join('/')}`);
}

/** The parameters of `pathname` (decoded) when it is a URL of the endpoint's path, else null. */
export function paramsIn<E extends Endpoint>(e: E, pathname: string): ParamsOf<E> | null {
  const names: string[] = [];
  const pattern = e.path
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })
    .replace(/\/\\\*$/, () => {
      names.push('*');
      return '/(.+)';
    });
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return null;
  const values = names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]);
  return Object.fromEntries(values) as ParamsOf<E>;
}
