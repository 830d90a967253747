import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { DEVELOPER_DETAIL, errorResponse, jsonResponse } from '../test/stub-api';
import { apiFetch, ApiError, isRetryable } from './api-client';
import { MAX_QUERY_ATTEMPTS, shouldRetryQuery } from './api-error';

/** Stubs `fetch` with one answer and returns the mock to inspect the request. */
function stubFetch(answer: () => Promise<Response>) {
  const mock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Runs `apiFetch` and returns what it threw. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected apiFetch to throw');
}

describe('apiFetch', () => {
  it('returns the JSON of a successful answer, sends cookies and no headers on a read (like a fetch preload)', async () => {
    const mock = stubFetch(() => Promise.resolve(jsonResponse(200, { status: 'ok' })));
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok' });
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(url).toBe('/api/health');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({});
  });

  it('sends a body as JSON', async () => {
    const mock = stubFetch(() => Promise.resolve(jsonResponse(201, { id: 1 })));
    await apiFetch('/api/things', { method: 'POST', body: { name: 'Giro' } });
    const init = mock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"name":"Giro"}');
    expect(init?.headers).toEqual({
      'Content-Type': 'application/json',
      'x-tappa-csrf': '1',
    });
  });

  it('sends form data as multipart, with the CSRF header and no JSON content type', async () => {
    const mock = stubFetch(() => Promise.resolve(jsonResponse(201, { id: 1 })));
    const form = new FormData();
    form.set('data', '{}');
    await apiFetch('/api/things', { method: 'PUT', body: form });
    const init = mock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ 'x-tappa-csrf': '1' });
  });

  it('sends no CSRF header on reads', async () => {
    const mock = stubFetch(() => Promise.resolve(jsonResponse(200, {})));
    await apiFetch('/api/things');
    expect(mock.mock.calls[0]?.[1]?.headers).toEqual({});
  });

  it('parses the answer through a schema', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, { id: 7, title: 'Giro', extra: true })));
    const schema = z.object({ id: z.number(), title: z.string() });
    const data = await apiFetch('/api/routes/7', { schema });
    expect(data).toEqual({ id: 7, title: 'Giro' });
  });

  it('throws an ApiError when the answer does not match the schema', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, { id: 'seven' })));
    const error = await failure(apiFetch('/api/x', { schema: z.object({ id: z.number() }) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'internal' });
  });

  it('returns undefined for 204', async () => {
    stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("turns the error body into an ApiError with the server's code, params and message", async () => {
    stubFetch(() => Promise.resolve(errorResponse('route_slug_taken', { slug: 'roma' })));
    const error = await failure(apiFetch('/api/tenants/demo/routes'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'route_slug_taken',
      params: { slug: 'roma' },
      message: `${DEVELOPER_DETAIL}: route_slug_taken`,
    });
    expect(isRetryable(error)).toBe(false);
  });

  it('keeps only string and number params', async () => {
    const params = { slug: 'roma', nested: { a: 1 }, list: [1], flag: true, n: 3 };
    const body = { error: { code: 'route_slug_taken', params, message: 'x' } };
    stubFetch(() => Promise.resolve(jsonResponse(409, body)));
    const error = await failure(apiFetch('/api/x'));
    expect(error).toMatchObject({ code: 'route_slug_taken', params: { slug: 'roma', n: 3 } });
  });

  it.each([
    ['an unknown code', { code: 'no_such_code', params: {}, message: 'x' }, 409, 'conflict'],
    ['a group of texts, not a code', { code: 'try_reasons', params: {} }, 400, 'bad_request'],
    ['a code without its params', { code: 'route_slug_taken', message: 'x' }, 409, 'conflict'],
    ['an empty param', { code: 'rate_limited', params: { retry_after_s: '' } }, 429, 'unavailable'],
    ['a body without a code', { message: 'x' }, 403, 'forbidden'],
  ])('falls back to the generic code of the status for %s', async (_case, error, status, code) => {
    stubFetch(() => Promise.resolve(jsonResponse(status, { error })));
    expect(await failure(apiFetch('/api/x'))).toMatchObject({ status, code, params: {} });
  });

  it('turns a non-JSON 500 into an internal ApiError with a developer message', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>oops</html>', { status: 500 })));
    const error = await failure(apiFetch('/api/x'));
    expect(error).toMatchObject({ status: 500, code: 'internal', params: {} });
    expect(error instanceof ApiError && error.message).toMatch(/500/);
  });

  it('turns a non-JSON 502 into a retryable unavailable ApiError', async () => {
    stubFetch(() => Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    const error = await failure(apiFetch('/api/x'));
    expect(error).toMatchObject({ status: 502, code: 'unavailable' });
    expect(isRetryable(error)).toBe(true);
  });

  it('turns a non-JSON 4xx into a bad_request ApiError', async () => {
    stubFetch(() => Promise.resolve(new Response('nope', { status: 418 })));
    expect(await failure(apiFetch('/api/x'))).toMatchObject({ status: 418, code: 'bad_request' });
  });

  it('turns a network failure into a retryable ApiError with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiFetch('/api/x'));
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'Network error' });
    expect(isRetryable(error)).toBe(true);
  });

  it('rethrows an abort as is, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
    const error = await failure(apiFetch('/api/x', { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('retry policy', () => {
  it.each([
    [0, true],
    [502, true],
    [503, true],
    [504, true],
    [500, false],
    [404, false],
  ])('status %i is retryable: %s', (status, expected) => {
    expect(isRetryable(new ApiError(status, 'internal', 'x'))).toBe(expected);
  });

  it('is false for anything that is not an ApiError', () => {
    expect(isRetryable(new Error('boom'))).toBe(false);
  });

  it(`retries retryable errors until ${MAX_QUERY_ATTEMPTS} attempts, others never`, () => {
    const unavailable = new ApiError(503, 'unavailable', 'down');
    expect(shouldRetryQuery(0, unavailable)).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_ATTEMPTS - 2, unavailable)).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_ATTEMPTS - 1, unavailable)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(400, 'bad_request', 'no'))).toBe(false);
  });
});
