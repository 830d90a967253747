import http from 'node:http';

/** One HTTP answer, its body read as text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request's method, path, headers and body. */
export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** Text, or bytes (a multipart upload). */
  body?: string | Buffer;
}

/** A keep-alive HTTP client bound to one server. */
export interface HttpClient {
  send(call: HttpCall): Promise<HttpAnswer>;
  close(): void;
}

/**
 * A client on `node:http` with a keep-alive agent: the cheapest way to drive load from Node
 * without a dependency, and per-request bodies and cookies stay simple.
 */
export function createHttpClient(baseUrl: string, maxSockets: number): HttpClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    send: (call) =>
      new Promise((resolve, reject) => {
        const body = typeof call.body === 'string' ? Buffer.from(call.body) : call.body;
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: call.method,
            path: call.path,
            headers: { ...call.headers, ...(body ? { 'content-length': body.length } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** The `cookie` request header made of a response's `set-cookie` values. */
export function cookieFrom(headers: http.IncomingHttpHeaders): string {
  return (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}
