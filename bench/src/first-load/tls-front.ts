import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A local HTTPS front of the server, as a phone reaches it in production. */
export interface TlsFront {
  baseUrl: string;
  close: () => Promise<void>;
}

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids or that belong to the hop only. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** A self-signed certificate for 127.0.0.1, made by the machine's `openssl` for this run. */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ]);
    return { key: await readFile(key), cert: await readFile(cert) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Terminates TLS and HTTP/2 in front of `upstream` (plain HTTP/1.1), like the reverse proxy of
 * a real installation: Chromium offers brotli only over HTTPS and multiplexes on one HTTP/2
 * connection there, so the bytes and round trips measured are the ones a phone gets.
 */
export async function startTlsFront(upstream: string): Promise<TlsFront> {
  const target = new URL(upstream);
  const server = http2.createSecureServer({ ...(await selfSignedCertificate()), allowHTTP1: true });
  server.on('request', (request: http2.Http2ServerRequest, response: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    headers['x-forwarded-proto'] = 'https';
    let answered = false;
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...headers, host: target.host },
      },
      (answer) => {
        const copied: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_HEADERS.has(name) && value !== undefined) copied[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, copied);
        answer.on('end', () => {
          answered = true;
        });
        answer.pipe(response);
      },
    );
    // A page that closes before its answer ends (a live console's event stream) ends the
    // upstream request too, as a real proxy's does: the server stops streaming to it at once.
    response.on('close', () => {
      if (!answered) forward.destroy();
    });
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
