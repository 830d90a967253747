import { vi } from 'vitest';

/**
 * A stand-in for `XMLHttpRequest` that the test drives: it records each request (method, URL,
 * headers, body) and answers only when told (`progress`, `respond`, `failNetwork`).
 */
export class FakeXhr extends EventTarget {
  /** Every request made since `stubXhr`, in order. */
  static requests: FakeXhr[] = [];

  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: Document | XMLHttpRequestBodyInit | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  isAborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.isAborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** Reports `loaded` of `total` body bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }

  /** Answers with `status` and `body` (JSON unless a string). */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  /** Fails as a lost connection does. */
  failNetwork() {
    this.dispatchEvent(new Event('error'));
  }

  /** The multipart form the request sent. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('expected a multipart body');
    return this.body;
  }
}

/** Replaces `XMLHttpRequest` with `FakeXhr` (unstubbed after each test) and clears its requests. */
export function stubXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
}
