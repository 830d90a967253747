import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { Clock } from '../clock';

/**
 * What keeps an open stream and writes to it (a `SnapshotHub`, whose `initial` is the target's
 * snapshot; the phones' message feeds, whose `initial` is where the feed starts).
 */
export interface StreamHub<Target, Initial> {
  attach(target: Target, res: ServerResponse, initial: Initial, lastEventId?: string): void;
}

/**
 * The event streams of one live view's endpoint: at most `maxPerAddress` open per client
 * address, each opened as Server-Sent Events on its reply and handed to the hub.
 */
export class EventStreams {
  /** Open event streams per client address. */
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly opts: { maxPerAddress: number; clock: Clock }) {}

  /** Refuses (429 'too_many_streams') a client address that holds the most streams already. */
  admit(request: FastifyRequest): void {
    if ((this.byAddress.get(request.ip) ?? 0) >= this.opts.maxPerAddress) {
      throw new AppError('too_many_streams');
    }
  }

  /**
   * Answers the request with an event stream of `target` from `hub`, starting with `initial`
   * (a snapshot is not sent again to a browser whose `Last-Event-ID` is its id); returns the
   * reply, which the stream took over.
   */
  open<Target, Initial>(
    request: FastifyRequest,
    reply: FastifyReply,
    hub: StreamHub<Target, Initial>,
    target: Target,
    initial: Initial,
  ): FastifyReply {
    const address = request.ip;
    const { clock } = this.opts;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    // Fastify does not log the end of a hijacked reply: the stream does.
    const { log } = request;
    const startedMs = clock.monotonicMs();
    reply.raw.once('close', () => {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      log.info({ responseTime: clock.monotonicMs() - startedMs }, 'event stream closed');
    });
    reply.hijack();
    // Headers set so far (security headers, x-request-id) go out with the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      // The connection ends with the stream, so a shutdown never waits on it.
      connection: 'close',
    });
    const lastEventId = request.headers['last-event-id'];
    hub.attach(
      target,
      reply.raw,
      initial,
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
    return reply;
  }
}
