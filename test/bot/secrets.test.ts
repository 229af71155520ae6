/**
 * No secret in a log: the bot token and URL passwords are hidden in every line the logger writes,
 * whatever failure carried them. The outbox is fed every kind of failure a real HTTP client meets
 * (an HTML error page from a proxy, a refused connection, a reset, a hang, Telegram's own errors)
 * through grammY's real client, and the whole output is searched for the secrets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Bot, GrammyError, HttpError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { Outbox } from '../../src/bot/outbox.js';
import { HIDDEN, redactor, urlSecrets } from '../../src/redact.js';
import { freePort } from '../setup/redis.js';

const TOKEN = '987654321:AAHsEcReT-token_with-all-kinds_0123456789';
const SECRET_PART = TOKEN.split(':')[1]!;

function capture() {
  const out: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      out.push(String(chunk));
      done();
    },
  });
  return { out, log: createLogger('debug', { secrets: [TOKEN, 'pw-of-bob'], destination }) };
}

let server: Server;
let root = '';
const modes = ['html502', 'reset', 'hang', 'telegram-error', 'html200'] as const;
type Mode = (typeof modes)[number];
let mode: Mode = 'html502';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (mode === 'html502') return void (res.writeHead(502, { 'content-type': 'text/html' }), res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>'));
    if (mode === 'html200') return void (res.writeHead(200, { 'content-type': 'text/html' }), res.end(`<html>${req.url}</html>`));
    if (mode === 'reset') return void req.socket.destroy();
    if (mode === 'hang') return;
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error_code: 400, description: `Bad Request: something about ${req.url}` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

describe('secrets never reach a log', () => {
  it('the redaction hides tokens, URL passwords and each named secret in every form', () => {
    const r = redactor([TOKEN, 'p@ss w"rd']);
    expect(r(`GET https://api.telegram.org/bot${TOKEN}/getMe`)).toBe(`GET https://api.telegram.org/bot${HIDDEN}/getMe`);
    // Any token-shaped string, not only the configured one.
    expect(r('at http://x/bot1234567:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345/sendMessage')).not.toContain('ABCDEFGHIJKLMNOP');
    expect(r('redis://bob:hunter22@10.0.0.1:6379/0')).toBe(`redis://bob:${HIDDEN}@10.0.0.1:6379/0`);
    expect(r('rediss://:onlypass@host')).toBe(`rediss://:${HIDDEN}@host`);
    expect(r(JSON.stringify({ why: 'p@ss w"rd' }))).not.toContain('w\\"rd');
    expect(r(encodeURIComponent('p@ss w"rd'))).toBe(HIDDEN);
    expect(r('the token part alone: ' + SECRET_PART)).not.toContain(SECRET_PART.slice(0, 20));
    // Ordinary text stays as it is.
    expect(r('game 12 at 3:45, score 2:1')).toBe('game 12 at 3:45, score 2:1');
    expect(urlSecrets('redis://bob:pw%40x@h:1', 'not a url', null)).toContain('pw@x');
  });

  it('every failure of a Telegram call is logged without the token', async () => {
    const { out, log } = capture();
    for (const m of modes) {
      mode = m;
      const outbox = new Outbox({ log, attempts: 2, sleep: async () => undefined });
      const bot = new Bot(TOKEN, { client: { apiRoot: root, timeoutSeconds: 1 } });
      bot.api.config.use(outbox.transformer);
      const failed = await bot.api.sendMessage(42, 'hello').then(() => null, (e: unknown) => e);
      expect(failed, m).toBeInstanceOf(Error);
      // The error thrown carries the URL (grammY's cause): whoever logs it goes through the logger.
      log.error({ err: failed }, 'update failed');
      log.error({ err: new HttpError('Network request failed', new Error(`request to ${root}/bot${TOKEN}/getUpdates failed`)) }, 'raw');
      log.error({ err: new GrammyError('x', { ok: false, error_code: 401, description: `Unauthorized ${TOKEN}` }, 'getMe', {}) }, 'raw grammy');
    }
    // A refused connection: nothing listens on this port.
    const closed = `http://127.0.0.1:${await freePort()}`;
    const outbox = new Outbox({ log, attempts: 1, sleep: async () => undefined });
    const bot = new Bot(TOKEN, { client: { apiRoot: closed } });
    bot.api.config.use(outbox.transformer);
    const refused = await bot.api.getMe().then(() => null, (e: unknown) => e);
    log.fatal({ err: refused, redis: 'redis://bob:pw-of-bob@127.0.0.1:1' }, 'start-up failed');
    const text = out.join('');
    // The failures were logged (the test reads real lines), with their URLs, but no secret.
    expect(text).toMatch(/invalid json response body|Unexpected token/);
    expect(text).toMatch(/ECONNREFUSED/);
    expect(text).toContain(`/bot${HIDDEN}/`);
    expect(text).not.toContain(SECRET_PART);
    expect(text).not.toContain(SECRET_PART.slice(0, 12));
    expect(text).not.toContain('pw-of-bob');
  });
});
