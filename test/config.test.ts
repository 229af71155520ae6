import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { PATH: process.env.PATH, DOTENV_CONFIG_PATH: '/nonexistent' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('config error: BOT_TOKEN is required: get one from @BotFather and put it in .env or the environment');
  });
});
