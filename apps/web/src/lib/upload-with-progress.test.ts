import { CSRF_HEADER, media, urlOf } from '@tappa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubXhr } from '../test/fake-xhr';
import { ApiError } from './api-error';
import { uploadWithProgress } from './upload-with-progress';

/** The endpoint the tests upload to: a file into a tenant's media library. */
const UPLOAD = media.tenant.upload;
const PARAMS = { slug: 'acme' };

/** A form holding one small file. */
function formWithFile() {
  const form = new FormData();
  form.append('file', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
  return form;
}

/** The request the helper made (the only one). */
function lastRequest(): FakeXhr {
  const request = FakeXhr.requests.at(-1);
  if (!request) throw new Error('no request was made');
  return request;
}

describe('uploadWithProgress', () => {
  it('POSTs the form with the cookie and the CSRF header, reports progress, answers the JSON', async () => {
    stubXhr();
    const onProgress = vi.fn();
    const form = formWithFile();
    const answer = uploadWithProgress(UPLOAD, PARAMS, form, { onProgress });
    const request = lastRequest();
    expect(request).toMatchObject({
      method: 'POST',
      url: urlOf(UPLOAD, PARAMS),
      withCredentials: true,
    });
    expect(request.headers[CSRF_HEADER]).toBe('1');
    expect(request.body).toBe(form);
    request.progress(2, 5);
    request.progress(5, 5);
    expect(onProgress.mock.calls).toEqual([
      [{ loadedBytes: 2, totalBytes: 5 }],
      [{ loadedBytes: 5, totalBytes: 5 }],
    ]);
    request.respond(201, { id: 'f1' });
    await expect(answer).resolves.toEqual({ id: 'f1' });
  });

  it("turns an error answer into an ApiError with the body's code and parameters", async () => {
    stubXhr();
    const answer = uploadWithProgress(UPLOAD, PARAMS, formWithFile());
    lastRequest().respond(413, {
      error: { code: 'body_too_large', params: { max_kb: 10 }, message: 'too big' },
    });
    const error: unknown = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'body_too_large', params: { max_kb: 10 } });
  });

  it("gives a status's generic code to an answer without an error body", async () => {
    stubXhr();
    const answer = uploadWithProgress(UPLOAD, PARAMS, formWithFile());
    lastRequest().respond(413, '<html>Request Entity Too Large</html>');
    await expect(answer).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('refuses a success whose body is not JSON', async () => {
    stubXhr();
    const answer = uploadWithProgress(UPLOAD, PARAMS, formWithFile());
    lastRequest().respond(201, 'not json');
    await expect(answer).rejects.toMatchObject({ status: 201, code: 'internal' });
  });

  it('reports a lost connection as a network ApiError', async () => {
    stubXhr();
    const answer = uploadWithProgress(UPLOAD, PARAMS, formWithFile());
    lastRequest().failNetwork();
    await expect(answer).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('aborts the request when the signal fires', async () => {
    stubXhr();
    const controller = new AbortController();
    const answer = uploadWithProgress(UPLOAD, PARAMS, formWithFile(), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastRequest().isAborted).toBe(true);
  });
});
