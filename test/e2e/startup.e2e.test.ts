/**
 * Start-up failures never print a secret: the bot as a process, against a Telegram that answers
 * with a proxy's HTML page, one that refuses the connection, a Redis with a password that is not
 * there, and configuration errors that quote a URL with a password. Its whole output is searched.
 * The bot runs compiled (dist/main.js, as `npm start` runs it in production).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { freePort, startRedis } from '../setup/redis.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = '555000111:AAFverySecretTokenPart-0123456789abcd';
const HALF = TOKEN.split(':')[1]!;

function runBot(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, BOT_TOKEN: TOKEN, LOG_LEVEL: 'debug', TELEGRAM_START_TIMEOUT_MS: '3000', REDIS_START_TIMEOUT_MS: '2000', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const kill = setTimeout(() => proc.kill('SIGKILL'), 25_000);
    proc.once('exit', (code) => (clearTimeout(kill), resolve({ code, output })));
  });
}

let html: Server;
let htmlRoot = '';
beforeAll(async () => {
  html = createServer((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>');
  });
  await new Promise<void>((r) => html.listen(0, '127.0.0.1', r));
  htmlRoot = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => html.close(() => r())));

describe('start-up failures hide the secrets', () => {
  it('a Telegram behind a proxy answering 502 with an HTML page', async () => {
    const r = await runBot({ TELEGRAM_API_ROOT: htmlRoot });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/cannot start the bot/);
    expect(r.output).not.toContain(HALF);
  }, 40_000);

  it('a Telegram that refuses the connection', async () => {
    const r = await runBot({ TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}` });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/ECONNREFUSED/);
    expect(r.output).not.toContain(HALF);
  }, 40_000);

  it('a Redis URL with a password, unreachable; and a broken one', async () => {
    const down = await runBot({ REDIS_URL: `redis://bob:S3cretPassw0rd@127.0.0.1:${await freePort()}/0`, TELEGRAM_API_ROOT: htmlRoot });
    expect(down.code).toBe(1);
    expect(down.output).toMatch(/cannot use Redis at redis:\/\/bob:\*\*\*@127\.0\.0\.1/);
    expect(down.output).not.toContain('S3cretPassw0rd');
    const broken = await runBot({ REDIS_URL: 'http://bob:S3cretPassw0rd@127.0.0.1:1' });
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/config error: REDIS_URL/);
    expect(broken.output).not.toContain('S3cretPassw0rd');
    expect(broken.output + down.output).not.toContain(HALF);
  }, 60_000);
});

describe('start-up says in plain words why Redis cannot be used', () => {
  it('a server that is not Redis, one that never answers, and cluster nodes that are a plain Redis', async () => {
    const notRedis = await runBot({ REDIS_URL: htmlRoot.replace('http:', 'redis:') });
    expect(notRedis.code).toBe(1);
    expect(notRedis.output).toMatch(/does not speak the Redis protocol/);
    expect(notRedis.output).not.toMatch(/^cannot use.*(Stream isn't writeable|ECONNRESET|Please report)/m);

    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const hung = await runBot({ REDIS_URL: `redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, REDIS_START_TIMEOUT_MS: '2000' });
    silent.close();
    expect(hung.code).toBe(1);
    expect(hung.output).toMatch(/no answer within 2 s/);
    expect(hung.output).not.toMatch(/250 ms/);

    const plain = await startRedis();
    const cluster = await runBot({ REDIS_CLUSTER_NODES: `127.0.0.1:${plain.port}` });
    plain.proc.kill('SIGKILL');
    expect(cluster.code).toBe(1);
    expect(cluster.output).toMatch(/not a Redis Cluster.*REDIS_URL/);
    expect(cluster.output).not.toMatch(/^cannot use.*Failed to refresh slots cache/m);
  }, 60_000);

  it('a Redis slow to answer at first, within REDIS_START_TIMEOUT_MS, is used', async () => {
    // Every connection reaches a real Redis only after 0.8 s (a distant or busy server); the
    // start-up wait is 2 s. Telegram then refuses (502), so the bot stops after Redis.
    const redis = await startRedis();
    const slow = net.createServer((client) => {
      client.pause();
      setTimeout(() => {
        const upstream = net.connect(redis.port, '127.0.0.1', () => {
          client.pipe(upstream).pipe(client);
          client.resume();
        });
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
      }, 800);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const r = await runBot({ REDIS_URL: `redis://127.0.0.1:${(slow.address() as AddressInfo).port}`, REDIS_START_TIMEOUT_MS: '2000', TELEGRAM_API_ROOT: htmlRoot });
    slow.close();
    redis.proc.kill('SIGKILL');
    expect(r.output).not.toMatch(/cannot use Redis/);
    expect(r.output).toMatch(/using Redis/);
    expect(r.output).toMatch(/cannot start the bot/);
  }, 60_000);
});
