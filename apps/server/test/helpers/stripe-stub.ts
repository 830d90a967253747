import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import Stripe from 'stripe';
import { type Clock, systemClock } from '../../src/infra/clock';

/** A Stripe account the stub knows: its secret key and where its webhooks go, signed how. */
export interface StubAccount {
  secretKey: string;
  webhookUrl?: string;
  signingSecret?: string;
}

interface Nested {
  [key: string]: string | Nested;
}

interface StubSession {
  id: string;
  object: 'checkout.session';
  account: string;
  mode: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  livemode: false;
  created: number;
}

interface StubPayment {
  account: string;
  amount: number;
  refunded: number;
}

/** A webhook the stub delivered, and what the server answered. */
export interface Delivery {
  event: { id: string; type: string };
  status: number;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=x` (how Stripe's library encodes a body) as `{ a: { b: { 0: { c: 'x' } } } }`. */
function parseForm(raw: string): Nested {
  const root: Nested = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Nested;
    });
  }
  return root;
}

const text = (value: string | Nested | undefined) => (typeof value === 'string' ? value : null);
const group = (value: string | Nested | undefined) => (typeof value === 'object' ? value : {});

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Stripe's error shape (`{ error: { type, code, message, param } }`). */
function fail(res: ServerResponse, status: number, code: string, message: string, param?: string) {
  const type =
    status === 401
      ? 'invalid_request_error'
      : code === 'idempotency_error'
        ? 'idempotency_error'
        : 'invalid_request_error';
  send(res, status, { error: { type, code, message, ...(param ? { param } : {}) } });
}

/**
 * A local stand-in for the parts of api.stripe.com the server uses, answering like Stripe: Checkout
 * Sessions (create with line items in euro, idempotency keys replayed or refused when the body
 * differs; retrieve), refunds of a paid session's payment intent, and a hosted page whose "pay"
 * completes the session and delivers `checkout.session.completed` to the account's webhook URL,
 * signed with the library's own test-header helper.
 */
export class StripeStub {
  readonly sessions = new Map<string, StubSession>();
  readonly deliveries: Delivery[] = [];
  /** Every refund the stub made (a replayed idempotent request makes none). */
  readonly refunds: { id: string; paymentIntent: string; amount: number }[] = [];
  private readonly accounts = new Map<string, StubAccount>();
  private readonly payments = new Map<string, StubPayment>();
  private readonly replies = new Map<string, { body: string; status: number; answer: unknown }>();
  private server: Server | null = null;
  baseUrl = '';

  /** `clock`: Stripe's time, when it signs an event or creates a session (the app's, in tests). */
  constructor(private readonly clock: Pick<Clock, 'nowMs'> = systemClock) {}

  private nowS(): number {
    return Math.floor(this.clock.nowMs() / 1000);
  }

  /** Makes `account` known to the stub (its key authenticates calls). */
  addAccount(account: StubAccount): void {
    this.accounts.set(account.secretKey, account);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void readText(req).then((raw) => this.handle(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('stub not listening');
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Pays an open session as the hosted page would, then delivers the signed event; the event. */
  async pay(sessionId: string): Promise<Delivery> {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.payment_intent = id('pi');
    this.payments.set(session.payment_intent, {
      account: session.account,
      amount: session.amount_total,
      refunded: 0,
    });
    return this.deliver(session.account, 'checkout.session.completed', session);
  }

  /** A signed event for `object` as Stripe would send it (for tests that deliver it themselves). */
  signedEvent(
    signingSecret: string,
    type: string,
    object: unknown,
    { eventId = id('evt'), timestamp = this.nowS() }: { eventId?: string; timestamp?: number } = {},
  ) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signingSecret,
      timestamp,
    });
    return { payload, signature, eventId };
  }

  private async deliver(secretKey: string, type: string, object: StubSession): Promise<Delivery> {
    const account = this.accounts.get(secretKey);
    if (!account?.webhookUrl || !account.signingSecret) {
      throw new Error('the account has no webhook endpoint');
    }
    const { payload, signature, eventId } = this.signedEvent(account.signingSecret, type, object);
    const answer = await fetch(account.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const delivery = { event: { id: eventId, type }, status: answer.status };
    this.deliveries.push(delivery);
    return delivery;
  }

  private handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const hosted = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
    if (hosted) return this.hostedPage(req, res, hosted[1] ?? '');
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!this.accounts.has(key)) {
      return fail(res, 401, 'api_key_invalid', 'Invalid API Key provided');
    }
    const body = parseForm(raw);
    const idempotencyKey = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof idempotencyKey === 'string') {
      const scoped = `${key} ${idempotencyKey}`;
      const earlier = this.replies.get(scoped);
      if (earlier && earlier.body !== raw) {
        return fail(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      if (earlier)
        return send(res, earlier.status, earlier.answer, { 'idempotent-replayed': 'true' });
      const reply = (status: number, answer: unknown) => {
        this.replies.set(scoped, { body: raw, status, answer });
        send(res, status, answer);
      };
      return this.route(req.method, url.pathname, key, body, res, reply);
    }
    return this.route(req.method ?? 'GET', url.pathname, key, body, res, (status, answer) =>
      send(res, status, answer),
    );
  }

  private route(
    method: string,
    pathname: string,
    key: string,
    body: Nested,
    res: ServerResponse,
    reply: (status: number, answer: unknown) => void,
  ): void {
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      return this.createSession(key, body, res, reply);
    }
    const found = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(pathname);
    if (method === 'GET' && found) {
      const session = this.sessions.get(found[1] ?? '');
      if (session?.account !== key) {
        return fail(res, 404, 'resource_missing', `No such checkout.session: '${found[1]}'`, 'id');
      }
      return reply(200, this.publicSession(session));
    }
    if (method === 'POST' && pathname === '/v1/refunds') return this.refund(key, body, res, reply);
    return fail(res, 404, 'resource_missing', `Unrecognized request URL (${method}: ${pathname})`);
  }

  private createSession(
    key: string,
    body: Nested,
    res: ServerResponse,
    reply: (status: number, answer: unknown) => void,
  ): void {
    const item = group(group(body.line_items)['0']);
    const price = group(item.price_data);
    const amount = Number(text(price.unit_amount));
    const successUrl = text(body.success_url);
    if (text(body.mode) !== 'payment')
      return fail(res, 400, 'parameter_missing', 'Missing required param: mode.', 'mode');
    if (!successUrl)
      return fail(
        res,
        400,
        'parameter_missing',
        'Missing required param: success_url.',
        'success_url',
      );
    if (text(price.currency) !== 'eur' || !Number.isInteger(amount) || amount < 50) {
      return fail(
        res,
        400,
        'parameter_invalid_integer',
        'Invalid line item price.',
        'line_items[0][price_data]',
      );
    }
    if (!text(group(price.product_data).name)) {
      return fail(
        res,
        400,
        'parameter_missing',
        'Missing required param: line_items[0][price_data][product_data][name].',
      );
    }
    const sessionId = id('cs');
    const session: StubSession = {
      id: sessionId,
      object: 'checkout.session',
      account: key,
      mode: 'payment',
      url: `${this.baseUrl}/c/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * Number(text(item.quantity) ?? '1'),
      currency: 'eur',
      customer_email: text(body.customer_email),
      client_reference_id: text(body.client_reference_id),
      metadata: Object.fromEntries(
        Object.entries(group(body.metadata)).flatMap(([k, v]) =>
          typeof v === 'string' ? [[k, v]] : [],
        ),
      ),
      payment_intent: null,
      success_url: successUrl,
      cancel_url: text(body.cancel_url),
      livemode: false,
      created: this.nowS(),
    };
    this.sessions.set(sessionId, session);
    reply(200, this.publicSession(session));
  }

  private refund(
    key: string,
    body: Nested,
    res: ServerResponse,
    reply: (status: number, answer: unknown) => void,
  ): void {
    const intent = text(body.payment_intent) ?? '';
    const payment = this.payments.get(intent);
    if (payment?.account !== key) {
      return fail(
        res,
        400,
        'resource_missing',
        `No such payment_intent: '${intent}'`,
        'payment_intent',
      );
    }
    const left = payment.amount - payment.refunded;
    const amount = text(body.amount) === null ? left : Number(text(body.amount));
    if (left === 0)
      return fail(res, 400, 'charge_already_refunded', 'Charge has already been refunded.');
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return fail(
        res,
        400,
        'amount_too_large',
        'Refund amount is greater than unrefunded amount on charge.',
        'amount',
      );
    }
    payment.refunded += amount;
    const refundId = id('re');
    this.refunds.push({ id: refundId, paymentIntent: intent, amount });
    reply(200, {
      id: refundId,
      object: 'refund',
      amount,
      currency: 'eur',
      payment_intent: intent,
      status: 'succeeded',
    });
  }

  /** The hosted page: GET shows the amount and a pay button; POST pays and goes to success_url. */
  private hostedPage(req: IncomingMessage, res: ServerResponse, sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such session');
      return;
    }
    if (req.method === 'POST' && session.status === 'open') {
      void this.pay(sessionId).then(() => {
        res
          .writeHead(303, {
            location: session.success_url.replace('{CHECKOUT_SESSION_ID}', sessionId),
          })
          .end();
      });
      return;
    }
    const euro = (session.amount_total / 100).toFixed(2).replace('.', ',');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="it"><title>Stripe stub checkout</title><main>` +
          `<h1>Pagamento di test</h1><p>Totale: € ${euro}</p>` +
          `<form method="post"><button type="submit">Paga</button></form>` +
          (session.cancel_url ? `<p><a href="${session.cancel_url}">Annulla</a></p>` : '') +
          `</main></html>`,
      );
  }

  private publicSession(session: StubSession) {
    const { account: _account, ...visible } = session;
    return visible;
  }
}
