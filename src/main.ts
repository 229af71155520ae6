/** Wiring: config, store, bot, long polling or webhook, shutdown. */
import 'dotenv/config';
import { createServer } from 'node:http';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { webhookCallback } from 'grammy';
import { ThinkerPool } from './ai/thinker.js';
import { createApp } from './app/index.js';
import { createBot } from './bot/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { warmUpRenderer } from './render/index.js';
import { MemoryStore, RedisStore, type Store } from './store/index.js';

function config(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const p of e.problems) console.error(`config error: ${p}`);
      process.exit(1);
    }
    throw e;
  }
}

async function openStore(cfg: Config, log: ReturnType<typeof createLogger>): Promise<Store> {
  const ttl = { challengeSeconds: cfg.challengeTtlSeconds, finishedSeconds: cfg.finishedTtlSeconds, idleSeconds: cfg.idleTtlSeconds };
  if (!cfg.redisUrl) {
    log.warn('REDIS_URL is not set: games are kept in memory and end when the process stops');
    return new MemoryStore(ttl);
  }
  const store = new RedisStore(cfg.redisUrl, cfg.keyPrefix, ttl);
  try {
    await Promise.race([store.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 10_000))]);
  } catch (e) {
    console.error(`cannot reach Redis at ${cfg.redisUrl}: ${(e as Error).message}`);
    process.exit(1);
  }
  log.info({ prefix: cfg.keyPrefix }, 'using Redis');
  return store;
}

async function main(): Promise<void> {
  const cfg = config();
  const log = createLogger(cfg.logLevel);
  const store = await openStore(cfg, log);
  const pool = cfg.aiThreads > 0 ? new ThinkerPool(cfg.aiThreads) : null;
  const app = createApp(store, { defaultLanguage: cfg.defaultLanguage, player: pool ? (level) => pool.thinker(level) : undefined });
  const { bot, publishCommands } = createBot(cfg, app, log);

  const t0 = performance.now();
  await warmUpRenderer();
  log.info({ ms: Math.round(performance.now() - t0) }, 'renderer warmed up');

  try {
    await bot.init();
  } catch (e) {
    console.error(`cannot start the bot: Telegram refused the token or is unreachable (${(e as Error).message})`);
    process.exit(1);
  }
  await publishCommands().catch((e: unknown) => log.warn({ err: e }, 'could not publish the command menus'));

  let runner: RunnerHandle | null = null;
  let server: ReturnType<typeof createServer> | null = null;
  const allowed = ['message', 'callback_query', 'my_chat_member'] as const;
  if (cfg.webhook) {
    const handle = webhookCallback(bot, 'http', { secretToken: cfg.webhook.secret ?? undefined });
    server = createServer((req, res) => {
      void handle(req, res).catch((e: unknown) => {
        log.error({ err: e }, 'webhook update failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(cfg.webhook!.port, resolve));
    await bot.api.setWebhook(cfg.webhook.url, { secret_token: cfg.webhook.secret ?? undefined, allowed_updates: [...allowed] });
    log.info({ url: cfg.webhook.url, port: cfg.webhook.port }, `@${bot.botInfo.username} is up (webhook)`);
  } else {
    await bot.api.deleteWebhook();
    runner = run(bot, { sink: { concurrency: cfg.concurrency }, runner: { fetch: { allowed_updates: [...allowed] } } });
    log.info(`@${bot.botInfo.username} is up (long polling)`);
  }

  // Memory figures for operators (debug level).
  const memory = setInterval(() => {
    const m = process.memoryUsage();
    const mb = (n: number): number => Math.round(n / 1048576);
    log.debug({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) }, 'memory (MB)');
  }, cfg.memoryLogSeconds * 1000);
  memory.unref();

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    if (runner?.isRunning()) await runner.stop();
    if (server) await new Promise((resolve) => server!.close(resolve));
    await store.close();
    await pool?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

await main();
