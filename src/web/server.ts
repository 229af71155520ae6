/**
 * The bot's HTTP server: the webhook (in webhook mode) and, in both modes, GET /healthz and
 * GET /metrics. The webhook answers 200 as soon as an update is taken, whatever its handling
 * does later (Telegram re-delivers an update until it gets a 200); bodies are limited in size,
 * the secret header is checked, other methods get 405. With the Mini App, its page and API
 * (/app/, see webapp/) are served here too.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

/** Telegram's updates are small; anything bigger than this is not one. */
export const MAX_UPDATE_BYTES = 1 << 20;

export interface HttpOptions {
  readonly port: number;
  readonly log: Logger;
  readonly webhook?: { readonly path: string; readonly secret: string | null; readonly onUpdate: (update: { update_id: number }) => Promise<void> };
  readonly health: () => Promise<{ redis: boolean; telegram: boolean }>;
  readonly metrics: () => Promise<string>;
  /**
   * Who may read /metrics here: 'open' (an internal port), 'token' (with the bearer token only),
   * or 'none' (a public port: the metrics are served elsewhere, or not at all). Default 'open'.
   */
  readonly metricsAccess?: 'open' | 'token' | 'none';
  readonly metricsToken?: string | null;
  /** Other pages served here (the Mini App under /app/): true when it took the request. */
  readonly pages?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

export class HttpStartError extends Error {}

/** Whether a request failed because its client left (aborted, reset, timed out) rather than through us. */
export function clientGone(req: IncomingMessage, e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException)?.code;
  return req.destroyed || code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (e as Error)?.message === 'aborted';
}

/** Compare two secrets in constant time. */
function safeEqual(a: string, b: string): boolean {
  const h = (x: string): Buffer => createHash('sha256').update(x).digest();
  return timingSafeEqual(h(a), h(b));
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/** A request's body, or null when it is over `limit` bytes (declared or sent). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startHttp(opts: HttpOptions): Promise<Server> {
  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      // A client that went away mid-request (dropped, timed out) is its own business: no error.
      if (clientGone(req, e)) return void opts.log.debug({ url: req.url, why: (e as Error)?.message }, 'HTTP client went away');
      opts.log.error({ err: e, url: req.url }, 'HTTP request failed');
      send(res, 500, 'internal error\n');
    });
  });
  // A slow or stuck client cannot hold a connection for long.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/healthz' || path === '/metrics') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
      if (path === '/metrics') {
        const access = opts.metricsAccess ?? 'open';
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const allowed = access === 'open' || (access === 'token' && !!opts.metricsToken && bearer !== undefined && safeEqual(bearer, opts.metricsToken));
        // Refused as if absent: a public port does not say that it has metrics.
        if (!allowed) return send(res, 404, 'not found\n');
        return send(res, 200, await opts.metrics(), { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      }
      const h = await opts.health();
      const ok = h.redis && h.telegram;
      return send(res, ok ? 200 : 503, JSON.stringify({ ok, ...h }) + '\n', { 'content-type': 'application/json' });
    }
    const hook = opts.webhook;
    if (opts.pages && (!hook || path !== hook.path) && (await opts.pages(req, res))) return;
    if (!hook || path !== hook.path) return send(res, 404, 'not found\n');
    if (req.method !== 'POST') return send(res, 405, 'method not allowed\n', { allow: 'POST' });
    if (hook.secret && req.headers['x-telegram-bot-api-secret-token'] !== hook.secret) return send(res, 401, 'unauthorized\n');
    const body = await readBody(req, MAX_UPDATE_BYTES);
    if (body === null) {
      send(res, 413, 'too large\n', { connection: 'close' });
      req.destroy();
      return;
    }
    let update: unknown;
    try {
      update = JSON.parse(body.toString('utf8'));
    } catch {
      return send(res, 400, 'not JSON\n');
    }
    if (typeof update !== 'object' || update === null || !Number.isSafeInteger((update as { update_id?: unknown }).update_id)) return send(res, 400, 'not an update\n');
    // Taken (in the inbox): Telegram gets its 200 now; the handling goes on without it. Not
    // recorded: a 503, and Telegram delivers it again.
    try {
      await hook.onUpdate(update as { update_id: number });
    } catch (e) {
      opts.log.error({ err: e, update: (update as { update_id: number }).update_id }, 'could not take an update');
      return send(res, 503, 'try again\n');
    }
    send(res, 200, 'ok\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new HttpStartError(e.code === 'EADDRINUSE' ? `port ${opts.port} is already in use` : e.code === 'EACCES' ? `no permission to listen on port ${opts.port}` : e.message)),
    );
    server.listen(opts.port, () => resolve());
  });
  return server;
}
