import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorParamMap,
  type SessionResponse,
  type SessionTenant,
} from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { vi } from 'vitest';

/** Answers one stubbed call; `body` is the parsed JSON request body, if any. */
export type StubHandler = (body: unknown) => Response | Promise<Response>;

/** A JSON response with the given status. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The parameters of an error code's text: required when it takes some. */
type ParamsArg<C extends ErrorCode> = C extends keyof ErrorParamMap
  ? [params: ErrorParamMap[C]]
  : [params?: Record<string, never>];

/**
 * The English developer detail every stubbed error answer carries: the UI must never show it
 * (users read the code's text from the catalogue).
 */
export const DEVELOPER_DETAIL = 'Developer detail, never shown';

/** The API's answer for `code`: its status and `{ error: { code, params, message } }`. */
export function errorResponse<C extends ErrorCode>(code: C, ...[params]: ParamsArg<C>): Response {
  const error = { code, params: params ?? {}, message: `${DEVELOPER_DETAIL}: ${code}` };
  return jsonResponse(ERROR_STATUS[code], { error });
}

/** A bodiless 2xx answer (204 unless told). */
export function emptyResponse(status = 204): Response {
  return new Response(null, { status });
}

/**
 * Stubs `fetch` with handlers keyed by `'METHOD /path'` (query string ignored). Unlisted calls
 * answer 401 for the session, the default brand for the platform brand, and 404 otherwise.
 */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${pathOf(input)}`;
    const handler = handlers[key];
    if (handler) return handler(jsonBody(init));
    if (key === 'GET /api/session') return errorResponse('unauthenticated');
    if (key === 'GET /api/public/platform-brand') return jsonResponse(200, PLATFORM_BRAND);
    return errorResponse('not_found');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The path of a fetched URL, without its query string. */
export function pathOf(input: RequestInfo | URL): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://tappa.test').pathname;
}

/** A request's JSON body, parsed (undefined when there is none). */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** The JSON bodies of the calls a fetch stub received with a given method and path. */
export function callsTo(mock: ReturnType<typeof stubApi>, method: string, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && pathOf(input) === path)
    .map(([, init]) => jsonBody(init));
}

/** The calls a fetch stub received, as `'METHOD /path'` strings in order. */
export function callKeys(mock: ReturnType<typeof stubApi>): string[] {
  return mock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${pathOf(input)}`);
}

/** The parsed JSON `data` part and the whole form of a multipart request body. */
export function multipartOf(init: RequestInit | undefined) {
  const form = init?.body;
  if (!(form instanceof FormData)) throw new Error('expected a multipart body');
  const data = form.get('data');
  if (typeof data !== 'string') throw new Error('expected a data part');
  const parsed: unknown = JSON.parse(data);
  return { form, data: parsed };
}

/** The platform brand the stub answers by default (no footer logo). */
export const PLATFORM_BRAND = {
  logo_url: null,
  favicon_url: null,
  footer_logo_url: null,
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
};

/** A tenant of the session with the user's role there. */
export function sessionTenant(slug: string, role: Role, name = slug.toUpperCase()): SessionTenant {
  return { id: `id-${slug}`, slug, name, role };
}

/** A signed-in session for a profile of `role` with the given tenants. */
export function sessionOf(
  role: Role,
  tenants: SessionTenant[] = [],
  overrides: Partial<NonNullable<SessionResponse['profile']>> = {},
): SessionResponse {
  return {
    profile: {
      id: 'user-1',
      email: 'mario@example.com',
      display_name: 'Mario Rossi',
      role,
      tenant_id: tenants[0]?.id ?? null,
      is_active: true,
      ...overrides,
    },
    tenants,
  };
}

/** A handler answering the session with 200 and `session`. */
export function sessionHandler(session: SessionResponse): Record<string, StubHandler> {
  return { 'GET /api/session': () => jsonResponse(200, session) };
}
