import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';

const require = createRequire(import.meta.url);
import { ConfigError, loadConfig } from '../src/config.js';

const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';

describe('config', () => {
  it('needs only BOT_TOKEN; everything else has a default', () => {
    const c = loadConfig({ BOT_TOKEN: TOKEN });
    expect(c).toMatchObject({ botToken: TOKEN, redisUrl: null, apiRoot: null, logLevel: 'info', webhook: null, defaultLanguage: 'ru' });
  });

  it('reports every problem, one line each', () => {
    try {
      loadConfig({ BOT_TOKEN: 'nope', REDIS_URL: 'http://x', LOG_LEVEL: 'loud', TELEGRAM_API_ROOT: 'ftp://x', CHALLENGE_TTL_SECONDS: '-5', DEFAULT_LANGUAGE: 'de' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const p = (e as ConfigError).problems;
      expect(p).toHaveLength(6);
      expect(p.join('\n')).toMatch(/BOT_TOKEN does not look like a token/);
      expect(p.join('\n')).toMatch(/REDIS_URL must be a redis: or rediss: URL/);
    }
    expect(() => loadConfig({})).toThrow(/BOT_TOKEN is required/);
  });

  it('.env.example lists exactly the variables the config reads', () => {
    const source = readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/(?:str|int|num|url)\('([A-Z_]+)'/g)].map((m) => m[1]!));
    const listed = new Set([...readFileSync(new URL('../.env.example', import.meta.url), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!));
    expect([...read].sort()).toEqual([...listed].sort());
  });

  it('start-up stops with one clear line when BOT_TOKEN is missing', () => {
    const r = spawnSync(process.execPath, ['dist/main.js'], { env: { PATH: process.env.PATH, DOTENV_CONFIG_PATH: '/nonexistent' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('config error: BOT_TOKEN is required: get one from @BotFather and put it in .env or the environment');
  });
});

// The bot runs compiled (dist/main.js, as `npm start` runs it; the global setup builds it afresh).
describe('start-up checks: one clear line and a non-zero exit', () => {
  // Short start-up waits (the defaults are 20 s and 12 s): the same checks, without waiting them out.
  const quick = { TELEGRAM_START_TIMEOUT_MS: '1500', REDIS_START_TIMEOUT_MS: '2500' };
  const start = (env: Record<string, string>, timeout = 40_000) =>
    spawnSync(process.execPath, ['dist/main.js'], { env: { PATH: process.env.PATH, DOTENV_CONFIG_PATH: '/nonexistent', BOT_TOKEN: TOKEN, LOG_LEVEL: 'silent', ...quick, ...env }, encoding: 'utf8', timeout });

  it('webhook settings that cannot work', () => {
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, WEBHOOK_URL: 'http://bot.example.com/hook', WEBHOOK_SECRET: 'x' })).toThrow(/WEBHOOK_URL must be a https: URL/);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, WEBHOOK_URL: 'https://bot.example.com/hook' })).toThrow(/WEBHOOK_SECRET is required with a public WEBHOOK_URL/);
    expect(loadConfig({ BOT_TOKEN: TOKEN, WEBHOOK_URL: 'https://127.0.0.1/hook' }).webhook?.secret).toBeNull();
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, REDIS_URL: 'redis://x/db2' })).toThrow(/database as \/N/);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, REDIS_CLUSTER_NODES: 'a:1,b' })).toThrow(/host:port pairs/);
  });

  it('a Redis database the server does not have', () => {
    const r = start({ REDIS_URL: `${inject('redisUrl')}/99` });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot use Redis at redis:\/\/127\.0\.0\.1:\d+\/99: .*DB index is out of range/)]);
  });

  it('a Redis that does not answer', () => {
    const r = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot use Redis at redis:\/\/127\.0\.0\.1:1: /)]);
  }, 60_000);

  it('a Bot API server that never answers', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const r = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const { spawn } = require('node:child_process') as typeof import('node:child_process');
      const p = spawn(process.execPath, ['dist/main.js'], { env: { PATH: process.env.PATH, DOTENV_CONFIG_PATH: '/nonexistent', BOT_TOKEN: TOKEN, LOG_LEVEL: 'silent', ...quick, TELEGRAM_API_ROOT: `http://127.0.0.1:${port}` } });
      let stderr = '';
      p.stderr.on('data', (d: Buffer) => (stderr += d));
      p.on('exit', (status) => resolve({ status, stderr }));
    });
    silent.close();
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot start the bot: Telegram at http:\/\/127\.0\.0\.1:\d+ refused the token or is unreachable \(no answer within 1\.5 s\)/)]);
  }, 60_000);
});
