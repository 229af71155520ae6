/** Environment (and .env) -> a typed, validated configuration, with one clear line per problem. */
import { isLang, LANGS, type Lang } from './app/model.js';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly botToken: string;
  readonly redisUrl: string | null;
  /** A Redis Cluster's seed nodes (host:port), instead of REDIS_URL. */
  readonly redisCluster: readonly string[] | null;
  readonly keyPrefix: string;
  readonly apiRoot: string | null;
  readonly logLevel: LogLevel;
  readonly webhook: { readonly url: string; readonly port: number; readonly secret: string | null } | null;
  readonly defaultLanguage: Lang;
  /** Challenges expire after this many seconds. */
  readonly challengeTtlSeconds: number;
  /** Finished games stay for /fair and rematches this long; unfinished ones expire after inactivity. */
  readonly finishedTtlSeconds: number;
  readonly idleTtlSeconds: number;
  readonly concurrency: number;
  /** How often the memory figures are logged (debug level), in seconds. */
  readonly memoryLogSeconds: number;
  /** Worker threads that think for the bot (0: in the main thread). */
  readonly aiThreads: number;
  /** Telegram's per-chat spacing times this (1 against Telegram; less only for test servers). */
  readonly paceScale: number;
  /** Port of /healthz and /metrics in long-polling mode (webhook mode serves them on its port). */
  readonly httpPort: number | null;
  /** A port of its own for /metrics and /healthz (not to be published): then the main port serves no /metrics. */
  readonly metricsPort: number | null;
  /** With it, /metrics is served to requests carrying "Authorization: Bearer <token>" only. */
  readonly metricsToken: string | null;
  /**
   * The Mini App (a live board): its public HTTPS address (this server's /app/ behind it) and,
   * for groups, its short name from @BotFather's /newapp (the direct link t.me/<bot>/<name>).
   */
  readonly webApp: { readonly url: string; readonly name: string | null } | null;
  /** Seconds a player has for a move in a group game, and in a game by link. */
  readonly groupMoveSeconds: number;
  readonly linkMoveSeconds: number;
  readonly linkNoticeSeconds: number;
  /** Reviews (game analyses) one instance runs at once; the rest wait in line. */
  readonly reviewsAtOnce: number;
  /** How long an invitation by link stays open, in seconds. */
  readonly invitationTtlSeconds: number;
  /** How long a search for an opponent lasts before the bot is offered, in seconds. */
  readonly searchSeconds: number;
  /** How often each instance looks for due timers, in ms. */
  readonly timerTickMs: number;
  /** How long start-up waits for Telegram to answer getMe, and for Redis to answer, in ms. */
  readonly telegramStartMs: number;
  readonly redisStartMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const v = str(name);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, not "${v}"`);
      return fallback;
    }
    return Number(v);
  };
  const num = (name: string, fallback: number, min: number, max: number): number => {
    const v = str(name);
    if (v === undefined) return fallback;
    if (!/^\d+(\.\d+)?$/.test(v) || Number(v) < min || Number(v) > max) {
      problems.push(`${name} must be a number from ${min} to ${max}, not "${v}"`);
      return fallback;
    }
    return Number(v);
  };
  const url = (name: string, protocols: string[]): string | null => {
    const v = str(name);
    if (v === undefined) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error();
      return v.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL, not "${v}"`);
      return null;
    }
  };

  const botToken = str('BOT_TOKEN');
  if (!botToken) problems.push('BOT_TOKEN is required: get one from @BotFather and put it in .env or the environment');
  else if (!/^\d+:[A-Za-z0-9_-]{20,}$/.test(botToken)) problems.push('BOT_TOKEN does not look like a token from @BotFather (digits, a colon, then letters)');

  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  if (redisUrl) {
    // The path selects the database: nothing, or /N.
    const path = new URL(redisUrl).pathname;
    if (path !== '' && path !== '/' && !/^\/\d{1,4}$/.test(path)) problems.push(`REDIS_URL must name its database as /N (a number), not "${path}"`);
  }
  const clusterText = str('REDIS_CLUSTER_NODES');
  let redisCluster: string[] | null = null;
  if (clusterText) {
    redisCluster = clusterText.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = redisCluster.filter((n) => !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(n));
    if (!redisCluster.length || bad.length) problems.push(`REDIS_CLUSTER_NODES must be host:port pairs separated by commas, not "${clusterText}"`);
    if (redisUrl) problems.push('set REDIS_URL or REDIS_CLUSTER_NODES, not both');
  }
  const apiRoot = url('TELEGRAM_API_ROOT', ['http:', 'https:']);
  const logLevel = (str('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${logLevel}"`);
  const keyPrefix = str('REDIS_KEY_PREFIX') ?? 'nardy:';
  if (!/^[A-Za-z0-9:_-]{1,40}$/.test(keyPrefix)) problems.push('REDIS_KEY_PREFIX may hold letters, digits, ":", "_" and "-" (1-40 of them)');
  const lang = str('DEFAULT_LANGUAGE') ?? 'ru';
  if (!isLang(lang)) problems.push(`DEFAULT_LANGUAGE must be ${LANGS.join(' or ')}, not "${lang}"`);

  // Telegram calls webhooks over https only; a self-hosted Bot API server (TELEGRAM_API_ROOT)
  // may also call plain http.
  const webhookUrl = url('WEBHOOK_URL', apiRoot ? ['https:', 'http:'] : ['https:']);
  const webhookPort = int('WEBHOOK_PORT', 8080, 1, 65535);
  const webhookSecret = str('WEBHOOK_SECRET') ?? null;
  if (webhookSecret && !/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) problems.push('WEBHOOK_SECRET may hold letters, digits, "_" and "-" only (1-256 of them)');
  if (webhookUrl && !webhookSecret && !isLoopback(new URL(webhookUrl).hostname)) {
    problems.push('WEBHOOK_SECRET is required with a public WEBHOOK_URL: without it anyone could post updates to the bot');
  }

  const webAppUrl = url('WEBAPP_URL', apiRoot ? ['https:', 'http:'] : ['https:']);
  const webAppName = str('WEBAPP_NAME') ?? null;
  if (webAppName !== null && !/^[A-Za-z0-9_]{3,30}$/.test(webAppName)) problems.push(`WEBAPP_NAME must be the Mini App's short name (3-30 letters, digits or "_"), not "${webAppName}"`);
  if (webAppName !== null && !webAppUrl) problems.push('WEBAPP_NAME needs WEBAPP_URL (the address the Mini App is served at)');
  if (webAppUrl && !webhookUrl && str('HTTP_PORT') === undefined) problems.push('WEBAPP_URL needs HTTP_PORT (long polling) or WEBHOOK_URL: the Mini App is served by the bot\'s HTTP server');

  const metricsToken = str('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && !/^[A-Za-z0-9_-]{16,256}$/.test(metricsToken)) problems.push('METRICS_TOKEN may hold letters, digits, "_" and "-" only (16-256 of them)');
  const metricsPortText = str('METRICS_PORT');
  if (metricsPortText !== undefined && (metricsPortText === str('HTTP_PORT') || (webhookUrl && metricsPortText === String(webhookPort)))) problems.push('METRICS_PORT must differ from the bot\'s HTTP_PORT / WEBHOOK_PORT');

  const config: Config = {
    botToken: botToken ?? '',
    redisUrl,
    redisCluster,
    keyPrefix,
    apiRoot,
    logLevel,
    webhook: webhookUrl ? { url: webhookUrl, port: webhookPort, secret: webhookSecret } : null,
    defaultLanguage: isLang(lang) ? lang : 'ru',
    challengeTtlSeconds: int('CHALLENGE_TTL_SECONDS', 3600, 30, 7 * 86400),
    finishedTtlSeconds: int('FINISHED_GAME_TTL_SECONDS', 7 * 86400, 60, 365 * 86400),
    idleTtlSeconds: int('IDLE_GAME_TTL_SECONDS', 30 * 86400, 60, 365 * 86400),
    concurrency: int('UPDATE_CONCURRENCY', 200, 1, 10_000),
    memoryLogSeconds: int('MEMORY_LOG_SECONDS', 30, 1, 86_400),
    aiThreads: int('AI_THREADS', 1, 0, 16),
    paceScale: num('PACE_SCALE', 1, 0.01, 1),
    httpPort: str('HTTP_PORT') === undefined ? null : int('HTTP_PORT', 8081, 1, 65535),
    metricsPort: str('METRICS_PORT') === undefined ? null : int('METRICS_PORT', 9464, 1, 65535),
    metricsToken,
    webApp: webAppUrl ? { url: webAppUrl, name: webAppName } : null,
    groupMoveSeconds: int('GROUP_MOVE_SECONDS', 300, 10, 7 * 86400),
    linkMoveSeconds: int('LINK_MOVE_SECONDS', 86400, 10, 30 * 86400),
    linkNoticeSeconds: int('LINK_NOTICE_SECONDS', 20, 0, 3600),
    reviewsAtOnce: int('REVIEWS_AT_ONCE', 1, 1, 16),
    invitationTtlSeconds: int('INVITATION_TTL_SECONDS', 86400, 10, 30 * 86400),
    searchSeconds: int('SEARCH_SECONDS', 180, 5, 3600),
    timerTickMs: int('TIMER_TICK_MS', 2000, 50, 60_000),
    telegramStartMs: int('TELEGRAM_START_TIMEOUT_MS', 20_000, 500, 300_000),
    redisStartMs: int('REDIS_START_TIMEOUT_MS', 12_000, 500, 300_000),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
