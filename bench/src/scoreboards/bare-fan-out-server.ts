// The scoreboards bench's reference (issue 18, target 6): a bare Node http server that holds
// event streams and, on `POST /publish`, writes the request's body as one `rankings` event to
// all of them in one loop: no framework, no database, no coalescing. Run as a child process by
// `bare-fan-out.ts`; prints `listening on http://…` like the server.
import http, { type ServerResponse } from 'node:http';

const streams = new Set<ServerResponse>();
const frameOf = (data: string) => Buffer.from(`event: rankings\ndata: ${data}\n\n`);
let current = frameOf('{}');

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/publish') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      current = frameOf(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
      for (const stream of streams) stream.write(current);
    });
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'close',
  });
  res.write(current);
  streams.add(res);
  res.once('close', () => streams.delete(res));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
