import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';

/** A message the stub received: the API key header and the JSON body. */
export interface Smtp2goCall {
  apiKey: string | undefined;
  body: { sender: string; to: string[]; subject: string };
}

/** The recipient the stub refuses, answering like SMTP2GO does for an unverified sender. */
export const SMTP2GO_REFUSED = 'refused@example.test';

/** A local stand-in for the SMTP2GO API; point `SMTP2GO_API_URL` at `url`. */
export interface Smtp2goStub {
  url: string;
  calls: Smtp2goCall[];
  close(): Promise<void>;
}

/** Answers `POST /v3/email/send` as SMTP2GO does: success, or an error naming the reason. */
export async function startSmtp2goStub(): Promise<Smtp2goStub> {
  const calls: Smtp2goCall[] = [];
  const server: Server = createServer((request, response) => {
    void readText(request).then((raw) => {
      const body = JSON.parse(raw) as Smtp2goCall['body'];
      const header = request.headers['x-smtp2go-api-key'];
      calls.push({ apiKey: typeof header === 'string' ? header : undefined, body });
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/v3/email/send' || body.to.includes(SMTP2GO_REFUSED)) {
        response.statusCode = 400;
        const data = {
          error_code: 'E_ApiResponseCodes.NON_VALIDATING_IN_PAYLOAD',
          error: 'Sender not verified',
        };
        response.end(JSON.stringify({ request_id: 'r-2', data }));
        return;
      }
      const data = { succeeded: 1, failed: 0, email_id: `e-${calls.length}` };
      response.end(JSON.stringify({ request_id: 'r-1', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
