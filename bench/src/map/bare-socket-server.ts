// The map bench's floor (issue 37, decision 0089): a bare Node http server whose WebSockets
// answer each message as the server answers a fix, with nothing else: it parses the message,
// and answers `{ id, ok: true }` with the others of its 300 ms (the server's FIX_GATHER_MS). No
// framework, no check, no database, no live change. Run as a child process by `bare-socket.ts`;
// prints `listening on http://…` like the server.
import http from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const GATHER_MS = 300;
const sockets = new WebSocketServer({ noServer: true });
let gathered: { socket: WebSocket; id: unknown }[] = [];

const server = http.createServer((_req, res) => res.writeHead(404).end());
server.on('upgrade', (req, socket, head) => {
  sockets.handleUpgrade(req, socket, head, (ws) => {
    ws.on('message', (data: Buffer) => {
      const { id } = JSON.parse(data.toString('utf8')) as { id: unknown };
      gathered.push({ socket: ws, id });
    });
  });
});
setInterval(() => {
  const answering = gathered;
  gathered = [];
  for (const { socket, id } of answering) socket.send(JSON.stringify({ id, ok: true }));
}, GATHER_MS);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => {
  for (const ws of sockets.clients) ws.terminate();
  server.close(() => process.exit(0));
});
