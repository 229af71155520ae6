/** Wiring: config, store, bot, long polling or webhook, health and metrics, shutdown. */
import 'dotenv/config';
import type { Server } from 'node:http';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { ThinkerPool } from './ai/thinker.js';
import { ALIVE_SECONDS, createApp, isStorageDown } from './app/index.js';
import { Reviews, ReviewThreads } from './app/reviews.js';
import { createBot } from './bot/index.js';
import { Metrics } from './bot/metrics.js';
import { HttpStartError, startHttp } from './web/server.js';
import { createWebApp } from './web/webapp/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { warmUpRenderer } from './render/index.js';
import { MemoryStore, RedisStore, type Store } from './store/index.js';
import { redactor, urlSecrets, type Redact } from './redact.js';
import { SharedClock, SKEW_WARN_MS } from './app/clock.js';
import { StorageEpoch } from './app/epoch.js';

/** The secrets of the environment: known before the configuration is read, so that even its errors hide them. */
function secretsOf(env: NodeJS.ProcessEnv): string[] {
  return [env.BOT_TOKEN?.trim(), env.WEBHOOK_SECRET?.trim(), ...urlSecrets(env.REDIS_URL?.trim(), env.TELEGRAM_API_ROOT?.trim(), env.WEBHOOK_URL?.trim())].filter((x): x is string => !!x);
}

const redact: Redact = redactor(secretsOf(process.env));

function fail(line: string): never {
  console.error(redact(line));
  process.exit(1);
}

// Whatever escapes (a bug), the line that says so hides the secrets too.
process.on('uncaughtException', (e) => fail(`fatal: ${(e as Error)?.stack ?? String(e)}`));
process.on('unhandledRejection', (e) => fail(`fatal: ${(e as Error)?.stack ?? String(e)}`));

function config(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const p of e.problems) console.error(redact(`config error: ${p}`));
      process.exit(1);
    }
    throw e;
  }
}

function within<T>(ms: number, what: Promise<T>, why: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([what, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(why)), ms)))]).finally(() => clearTimeout(timer));
}

/** Why Redis could not be used, in the operator's words rather than the client library's. */
function redisFailure(message: string, last: string, cfg: Config): string {
  const both = `${message} ${last}`;
  if (/Protocol error/.test(both)) return 'the server there does not speak the Redis protocol (another service on that port?)';
  if (/Failed to refresh slots cache|cluster support disabled|None of startup nodes/i.test(both)) {
    return !/cluster support disabled/i.test(last) ? 'no node answers (refused, closed or timed out)' : 'these nodes are not a Redis Cluster (cluster mode is off there?): for a single Redis set REDIS_URL instead';
  }
  if (/no connection to Redis within|no answer within|Command timed out|ETIMEDOUT/.test(both)) return `no answer within ${cfg.redisStartMs / 1000} s${last && !/within/.test(last) ? ` (${last})` : ''}`;
  return message;
}

/** Said at start-up without Redis: what a restart loses, and how to keep it. */
export const IN_MEMORY_WARNING =
  'REDIS_URL is not set: everything is kept in memory, and a restart loses it all: the games in play, ratings and statistics, settings, tournaments and searches. Set REDIS_URL to a Redis with persistence (appendonly yes), or run `docker compose up -d` (the bot with Redis).';

async function openStore(cfg: Config, log: Logger): Promise<Store> {
  const ttl = { challengeSeconds: cfg.challengeTtlSeconds, finishedSeconds: cfg.finishedTtlSeconds, idleSeconds: cfg.idleTtlSeconds };
  if (!cfg.redisUrl && !cfg.redisCluster) {
    log.warn(IN_MEMORY_WARNING);
    return new MemoryStore(ttl);
  }
  const target = cfg.redisCluster ? { cluster: cfg.redisCluster } : { url: cfg.redisUrl! };
  const where = cfg.redisCluster ? `the Redis Cluster at ${cfg.redisCluster.join(',')}` : `Redis at ${cfg.redisUrl}`;
  const store = new RedisStore(target, cfg.keyPrefix, ttl, {
    // The first connection may take most of the start-up wait (a remote or busy Redis); the rest,
    // at least a quarter of it up to 2 s, is left for the first commands.
    connectWaitMs: Math.max(250, cfg.redisStartMs - Math.min(2000, Math.floor(cfg.redisStartMs / 4))),
    onConnectionChange: (up, e) => (up ? log.info('Redis is reachable again') : log.error({ err: e?.message }, 'Redis is unreachable')),
  });
  try {
    await within(cfg.redisStartMs, store.ping(), `no answer within ${cfg.redisStartMs / 1000} s`);
  } catch (e) {
    const last = store.errorsSeen.join('; ');
    await store.close().catch((err: unknown) => log.debug({ err }, 'closing the store after a failed start'));
    fail(`cannot use ${where}: ${redisFailure(((e as Error).cause as Error)?.message ?? (e as Error).message, last, cfg)}`);
  }
  log.info({ prefix: cfg.keyPrefix, cluster: !!cfg.redisCluster }, 'using Redis');
  return store;
}

async function main(): Promise<void> {
  const cfg = config();
  const log = createLogger(cfg.logLevel, { secrets: secretsOf(process.env) });
  const store = await openStore(cfg, log);
  // Deadlines by the storage's clock, whatever this machine's says.
  const clock = new SharedClock(() => store.time());
  let skewWarned = 0;
  const syncClock = async (): Promise<void> => {
    const skew = await clock.sync();
    if (Math.abs(skew) > SKEW_WARN_MS && Date.now() - skewWarned > 10 * 60_000) {
      skewWarned = Date.now();
      log.warn({ skewMs: skew }, `this machine's clock is ${Math.abs(skew / 1000).toFixed(1)} s ${skew > 0 ? 'behind' : 'ahead of'} Redis's: move clocks and deadlines follow Redis's time; set up NTP on this machine`);
    }
  };
  await syncClock().catch((e: unknown) => log.warn({ err: e }, 'could not read the storage\'s clock: using this machine\'s until it answers'));
  const pool = cfg.aiThreads > 0 ? new ThinkerPool(cfg.aiThreads) : null;
  const app = createApp(store, {
    defaultLanguage: cfg.defaultLanguage,
    player: pool ? (level) => pool.thinker(level) : undefined,
    moveLimits: { group: cfg.groupMoveSeconds, link: cfg.linkMoveSeconds, notice: cfg.linkNoticeSeconds },
    invitationSeconds: cfg.invitationTtlSeconds,
    searchSeconds: cfg.searchSeconds,
    secret: cfg.botToken,
    now: clock.now,
    warn: (message, err, gameId) => log.warn({ err, game: gameId }, message),
  });
  // Alive from the start, so that no other instance takes over this one's updates in flight; a
  // heartbeat outlives three timer ticks.
  const aliveSeconds = Math.max(ALIVE_SECONDS, Math.ceil((cfg.timerTickMs * 3) / 1000));
  await app.inbox.beat(aliveSeconds).catch((err: unknown) => log.warn({ err }, 'could not say this instance is alive (the first tick tries again)'));
  const metrics = new Metrics();
  // Reviews are analysed in worker threads of their own (one per review at once), beside the
  // thinkers; with AI_THREADS=0 everything runs on the main thread.
  const reviewThreads = cfg.aiThreads > 0 ? new ReviewThreads(cfg.reviewsAtOnce) : null;
  const reviews = new Reviews({ atOnce: cfg.reviewsAtOnce, analysed: (seconds, ok) => metrics.reviewed(seconds, ok), ...(reviewThreads ? { analyser: reviewThreads.analyse } : {}) });
  metrics.watchReviews(reviews);
  const { bot, services, publishCommands, resume, settled, tick, sweep } = createBot(cfg, app, log, { metrics, reviews });

  const t0 = performance.now();
  await warmUpRenderer();
  log.info({ ms: Math.round(performance.now() - t0) }, 'renderer warmed up');

  try {
    await within(cfg.telegramStartMs, bot.init(), `no answer within ${cfg.telegramStartMs / 1000} s`);
  } catch (e) {
    await app.close().catch((err: unknown) => log.debug({ err }, 'closing the store after a failed start'));
    fail(`cannot start the bot: Telegram ${cfg.apiRoot ? `at ${cfg.apiRoot} ` : ''}refused the token or is unreachable (${(e as Error).message})`);
  }
  await publishCommands().catch((e: unknown) => log.warn({ err: e }, 'could not publish the command menus'));
  if (cfg.webApp) {
    // The chat's menu button opens the Mini App (the person's games) in private chats.
    const text = services.t(cfg.defaultLanguage)('menu-open-board');
    await bot.api.setChatMenuButton({ menu_button: { type: 'web_app', text, web_app: { url: `${cfg.webApp.url}/` } } }).catch((e: unknown) => log.warn({ err: e }, 'could not set the menu button'));
  }

  // Health: Redis answers, and Telegram answers (asked at most every 15 s).
  let telegram = { ok: true, at: 0 };
  const health = async (): Promise<{ redis: boolean; telegram: boolean }> => {
    const redis = await within(2000, app.ping(), 'timeout').then(() => true, () => false);
    if (Date.now() - telegram.at > 15_000) telegram = { ok: await within(5000, bot.api.getMe(), 'timeout').then(() => true, () => false), at: Date.now() };
    return { redis, telegram: telegram.ok };
  };
  // The Mini App, on the same HTTP server (the webhook's port, or HTTP_PORT).
  const webApp = cfg.webApp ? createWebApp(services, { botToken: cfg.botToken, now: clock.now, botUsername: () => (bot.isInited() ? bot.botInfo.username : '') }) : null;
  // /metrics: on a port of its own (METRICS_PORT), or with a token (METRICS_TOKEN); never open on
  // a public port (the webhook's, the Mini App's).
  const publicPort = !!cfg.webhook || !!webApp;
  const metricsAccess: 'open' | 'token' | 'none' = cfg.metricsPort ? (cfg.metricsToken ? 'token' : 'none') : cfg.metricsToken ? 'token' : publicPort ? 'none' : 'open';
  if (publicPort && !cfg.metricsPort && !cfg.metricsToken) log.warn('/metrics is not served on the public port: set METRICS_PORT (a port of its own, not published) or METRICS_TOKEN to read it');
  const http = { log, health, metrics: () => metrics.text(), metricsAccess, metricsToken: cfg.metricsToken, ...(webApp ? { pages: webApp.handle } : {}) };
  let metricsServer: Server | null = null;
  if (cfg.metricsPort) {
    try {
      metricsServer = await startHttp({ log, health, metrics: () => metrics.text(), port: cfg.metricsPort, metricsAccess: cfg.metricsToken ? 'token' : 'open', metricsToken: cfg.metricsToken });
    } catch (e) {
      await app.close().catch((err: unknown) => log.debug({ err }, 'closing the store after a failed start'));
      if (e instanceof HttpStartError) fail(`cannot start the metrics server: ${e.message}`);
      throw e;
    }
  }

  let runner: RunnerHandle | null = null;
  let server: Server | null = null;
  const inflight = new Set<Promise<unknown>>();
  const allowed = ['message', 'callback_query', 'my_chat_member', 'inline_query', 'chosen_inline_result'] as const;
  // A stop is heard from here on, before the bot says it is up: a SIGTERM right after start-up
  // (a quick restart, a busy machine) stops it cleanly as any other.
  let timers: NodeJS.Timeout | undefined;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (timers) clearInterval(timers);
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    if (runner?.isRunning()) await runner.stop();
    // Live pages' streams end first (each page opens another, on another instance if need be).
    await webApp?.close().catch((err: unknown) => log.warn({ err }, 'could not end the Mini App\'s streams'));
    if (server) await new Promise((resolve) => server!.close(resolve));
    if (metricsServer) await new Promise((resolve) => metricsServer!.close(resolve));
    // Updates in hand are finished and their boards sent (within bounds).
    await within(10_000, Promise.all([...inflight]).then(() => settled()), 'timeout').catch(() => log.warn('stopped with work left undone'));
    await app.close();
    await pool?.close();
    await reviewThreads?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  try {
    if (cfg.webhook) {
      const url = new URL(cfg.webhook.url);
      server = await startHttp({
        ...http,
        port: cfg.webhook.port,
        webhook: {
          path: url.pathname || '/',
          secret: cfg.webhook.secret,
          onUpdate: async (update) => {
            // In the inbox before Telegram gets its 200 (unless the storage is down: then it is
            // answered "try again" as it is handled).
            await app.inbox.record([update]).catch((e: unknown) => {
              if (!isStorageDown(e)) throw e;
            });
            const p = bot.handleUpdate(update as never).catch((e: unknown) => log.error({ err: e, update: update.update_id }, 'update failed'));
            inflight.add(p);
            void p.finally(() => inflight.delete(p));
          },
        },
      });
      if (!cfg.webhook.secret) log.warn('WEBHOOK_SECRET is not set: anyone who can reach the webhook can post updates to it');
      await bot.api.setWebhook(cfg.webhook.url, { secret_token: cfg.webhook.secret ?? undefined, allowed_updates: [...allowed] });
      log.info({ url: cfg.webhook.url, port: cfg.webhook.port }, `@${bot.botInfo.username} is up (webhook)`);
    } else {
      if (cfg.httpPort) server = await startHttp({ ...http, port: cfg.httpPort });
      await bot.api.deleteWebhook();
      runner = run(bot, { sink: { concurrency: cfg.concurrency }, runner: { fetch: { allowed_updates: [...allowed] } } });
      log.info({ http: cfg.httpPort }, `@${bot.botInfo.username} is up (long polling)`);
    }
  } catch (e) {
    await app.close().catch((err: unknown) => log.debug({ err }, 'closing the store after a failed start'));
    if (e instanceof HttpStartError) fail(`cannot start the HTTP server: ${e.message}`);
    throw e;
  }

  // The boards owed by a stop (games started whose board never went out) follow in the
  // background: the updates waiting at Telegram are taken at once, not after them.
  void resume()
    .then((n) => n && log.info({ games: n }, 'sent the boards of games started before a stop'))
    .catch((e: unknown) => log.warn({ err: e }, 'could not send the waiting boards'));

  // Memory figures for operators (debug level).
  const memory = setInterval(() => {
    const m = process.memoryUsage();
    const mb = (n: number): number => Math.round(n / 1048576);
    log.debug({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) }, 'memory (MB)');
  }, cfg.memoryLogSeconds * 1000);
  memory.unref();

  // A storage that comes back empty (a Redis without persistence restarted, or flushed) has lost
  // every game in play: the operator must hear it.
  const epoch = new StorageEpoch(app.dialogues, clock.now);
  await epoch.check().catch((e: unknown) => log.warn({ err: e }, 'could not read the storage marker'));
  const checkEpoch = async (): Promise<void> => {
    if ((await epoch.check()) === 'wiped') log.error('Redis has lost its data (restarted without persistence, or flushed): the games in play are gone; old boards answer that their game no longer exists. Turn on persistence (appendonly yes) to keep games across Redis restarts');
  };

  // The shared timers (move clocks): every instance looks every few seconds; each due timer is
  // taken by one of them. During a Redis outage they wait; nothing is lost.
  let ticking = false;
  let tickWarned = 0;
  timers = setInterval(() => {
    if (ticking) return;
    ticking = true;
    // Alive; and the updates of an instance that is not (killed mid-update) are finished here.
    syncClock()
      .then(() => checkEpoch())
      .then(() => app.inbox.beat(aliveSeconds))
      .then(() => sweep())
      .then(() => tick())
      .catch((e: unknown) => {
        if (Date.now() - tickWarned > 60_000) (tickWarned = Date.now()), log.warn({ err: e }, 'could not run the move clocks');
      })
      .finally(() => (ticking = false));
  }, cfg.timerTickMs);
  timers.unref();

}

await main();
