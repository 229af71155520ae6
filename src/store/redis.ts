/**
 * The Redis store (ioredis), on one server or a Redis Cluster. A game is one hash {v, data};
 * saves are compare-and-set in a Lua script, so of two concurrent presses only one is applied.
 * Every script touches one key, or keys that share a hash tag ({id}), so it runs on a cluster;
 * the per-chat indexes are updated after the record and are only hints (readers check the
 * records). Every key has a lifetime (README, "What Redis holds").
 */
import { Cluster, Redis } from 'ioredis';
import { StoreFull, StoreUnavailable, type BoardMessage, type BoardStore, type ChallengeStore, type ClockStore, type DialogueStore, type EventStore, type GameFeed, type GameStore, type InvitationStore, type SaveResult, type StatsStore, type DocStore, type SearchStore, type Store, type StoredGame, type StoreTtl, type PaceStore, type TimerStore, type UpdateStore, type UserStore } from './types.js';

const CAS = `
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return -1 end
if tonumber(cur) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
`;

const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'data', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;

// KEYS[1] the challenge, KEYS[2] the game it becomes (same hash tag).
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[2], 'v', ARGV[1], 'data', ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
`;

// KEYS[1] the board's delivery hash {want}, KEYS[2] its lock (same hash tag).
const WANT = `
local cur = tonumber(redis.call('HGET', KEYS[1], 'want') or '-1')
if tonumber(ARGV[1]) > cur then redis.call('HSET', KEYS[1], 'want', ARGV[1]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
`;

const RELEASE = `
local want = tonumber(redis.call('HGET', KEYS[1], 'want') or '-1')
if want > tonumber(ARGV[2]) then
  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
  return 0
end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
`;

// KEYS[1] a board's delivery lock: hand it from ARGV[1] (a holder that died) to ARGV[2] for ARGV[3] ms.
const TAKE_OVER = `
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;

// KEYS[1] a pace key: book the next slot ARGV[1] ms after the last one, on the server's clock.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local nxt = slot + tonumber(ARGV[1])
redis.call('SET', KEYS[1], nxt, 'PX', nxt - now + 1000)
return slot - now
`;

const CLAIM_PACE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local left = tonumber(redis.call('GET', KEYS[1]) or '0') - now
if left > 0 then return left end
redis.call('SET', KEYS[1], now + tonumber(ARGV[1]), 'PX', tonumber(ARGV[1]) + 1000)
return 0
`;

// An inbox entry out only where it is ARGV[2]'s, or unreadable as RedisUpdates.unfinished reads it (nothing to replay).
const FINISH_OWN = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local ok, e = pcall(cjson.decode, raw)
local readable = ok and type(e) == 'table' and type(e.owner) == 'string' and type(e.at) == 'number' and type(e.update) == 'table' and type(e.update.update_id) == 'number'
if readable and e.owner ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])
`;

const SET_FROM_NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untl = now + tonumber(ARGV[1])
redis.call('SET', KEYS[1], untl, 'PX', tonumber(ARGV[1]) + 1000)
return 1
`;

const HOLD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untl = now + tonumber(ARGV[1])
if untl > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], untl, 'PX', untl - now + 1000) end
return 1
`;

// KEYS[1] a sorted set of timers: take up to ARGV[2] due by ARGV[1], each leased until ARGV[3].
const DUE = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], ARGV[3], id) end
return ids
`;

// KEYS[1] the timers: remove ARGV[1] if it is still at its lease ARGV[2] (not set again meanwhile).
const DONE = `
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) return 1 end
return 0
`;

type Client = Redis | Cluster;

/** Redis's TIME in ms. */
async function serverTime(r: Client): Promise<number> {
  const [sec, usec] = await r.time();
  return Number(sec) * 1000 + Math.floor(Number(usec) / 1000);
}
/** Take two searchers out of the queue and record their pair as pending, only if both are in. */
const SEARCH_PAIR = `
if ARGV[1] == ARGV[2] then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 and redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
  return 1
end
return 0
`;

/** Replace a searcher's entry only while they are in the queue. */
const SEARCH_UPDATE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) return 1 end
return 0
`;

/** A period's counters of a user, once per mark: KEYS mark, games, wins, gained. */
const PERIOD_BUMP = `
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[4]) == false then return 0 end
redis.call('ZINCRBY', KEYS[2], 1, ARGV[1])
redis.call('ZINCRBY', KEYS[3], ARGV[2], ARGV[1])
redis.call('ZINCRBY', KEYS[4], ARGV[3], ARGV[1])
for i = 2, 4 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 1
`;

type Scripted = Client & {
  nardySearchPair(queue: string, pending: string, a: string, b: string, pairId: string, data: string): Promise<number>;
  nardySearchUpdate(queue: string, field: string, data: string): Promise<number>;
  nardyPeriod(mark: string, games: string, wins: string, gained: string, userId: string, win: number, gained_: number, ttl: number): Promise<number>;
  nardyCas(key: string, expected: number, v: number, data: string, ttl: number): Promise<number>;
  nardyCreate(key: string, v: number, data: string, ttl: number): Promise<number>;
  nardyClaim(challengeKey: string, gameKey: string, v: number, data: string, ttl: number): Promise<number>;
  nardyWant(deliveryKey: string, lockKey: string, v: number, ttl: number): Promise<number>;
  nardyRelease(deliveryKey: string, lockKey: string, owner: string, shown: number, keepMs: number): Promise<number>;
  nardyReserve(key: string, intervalMs: number): Promise<number>;
  nardyHold(key: string, ms: number): Promise<number>;
  nardyClaimPace(key: string, leaseMs: number): Promise<number>;
  nardySetFromNow(key: string, ms: number): Promise<number>;
  nardyFinishOwn(inbox: string, updateId: string, owner: string): Promise<number>;
  nardyDue(key: string, now: number, n: number, leasedUntil: number): Promise<string[]>;
  nardyDone(key: string, id: string, leasedUntil: number): Promise<number>;
  nardyTakeOver(key: string, from: string, to: string, ms: number): Promise<number>;
};

/** How long a user's record lives after its last change: a year and a month. */
export const USER_TTL_SECONDS = 400 * 86_400;

export interface RedisTarget {
  /** redis:// URL of one server... */
  readonly url?: string;
  /** ...or the seed nodes of a cluster, host:port each. */
  readonly cluster?: readonly string[];
}

export function connect(target: RedisTarget): Client {
  // No offline queue: during an outage a command fails at once (the person is told to try
  // again) instead of waiting to run later, when it could apply something twice.
  const common = { maxRetriesPerRequest: 1, enableAutoPipelining: true, enableOfflineQueue: false, commandTimeout: 3000, connectTimeout: 5000 } as const;
  if (target.cluster?.length) {
    const nodes = target.cluster.map((hp) => {
      const i = hp.lastIndexOf(':');
      return { host: hp.slice(0, i), port: Number(hp.slice(i + 1)) };
    });
    return new Cluster(nodes, { redisOptions: common, enableOfflineQueue: false, scaleReads: 'master', clusterRetryStrategy: (n) => Math.min(200 * n, 2000) });
  }
  return new Redis(target.url!, { ...common, lazyConnect: false, retryStrategy: (n) => Math.min(100 * n, 2000) });
}

/**
 * A MULTI whose commands Redis refused while queueing them fails as EXECABORT, the real reasons
 * among its previous errors: a full Redis must read as full there too (an inbox record is such a
 * transaction), not as an unknown error that holds every update back.
 */
function outOfMemoryInTransaction(e: unknown): boolean {
  const prev = (e as { previousErrors?: unknown })?.previousErrors;
  return /EXECABORT/.test(String((e as Error)?.message)) && Array.isArray(prev) && prev.some((x) => /OOM command not allowed|^OOM /.test(String((x as Error)?.message ?? x)));
}

/** Every call to Redis: unreachable servers come back as StoreUnavailable. */
function guard<T extends object>(target: T, ready: () => Promise<void>): T {
  return new Proxy(target, {
    get(obj, prop, recv) {
      const v = Reflect.get(obj, prop, recv) as unknown;
      if (typeof v !== 'function') return v;
      return async (...args: unknown[]) => {
        try {
          await ready();
          return await (v as (...a: unknown[]) => Promise<unknown>).apply(obj, args);
        } catch (e) {
          if (e instanceof StoreUnavailable) throw e;
          const msg = String((e as Error)?.message ?? e);
          if (/^OOM |OOM command not allowed/.test(msg) || outOfMemoryInTransaction(e)) throw new StoreFull(e);
          // A failover in progress: a replica being promoted, slots moving, a node still loading.
          if (/TRYAGAIN|LOADING|READONLY|MASTERDOWN|Too many Cluster redirections|Failed to connect|All of the nodes|Connection is in subscriber mode|NOREPLICAS|CLUSTERDOWN/i.test(msg)) throw new StoreUnavailable(e);
          if (/Stream isn't writeable|Connection is closed|ECONNREFUSED|ETIMEDOUT|Command timed out|ECONNRESET|None of startup nodes|Failed to refresh slots|CLUSTERDOWN|MaxRetriesPerRequest|enableOfflineQueue|not connected|Cluster isn't ready/i.test(msg)) {
            throw new StoreUnavailable(e);
          }
          throw e;
        }
      };
    },
  });
}

class Keys {
  constructor(private readonly p: string) {}
  game = (id: string): string => `${this.p}game:{${id}}`;
  chat = (chatId: number): string => `${this.p}chat:${chatId}`;
  board = (gameId: string, chatId: number): string => `${this.p}board:{${gameId}}:${chatId}`;
  delivery = (gameId: string, chatId: number): string => `${this.p}delivery:{${gameId}}:${chatId}`;
  lock = (gameId: string, chatId: number): string => `${this.p}lock:{${gameId}}:${chatId}`;
  challenge = (id: string): string => `${this.p}challenge:{${id}}`;
  chatChallenges = (chatId: number): string => `${this.p}challenges:${chatId}`;
  user = (id: number): string => `${this.p}user:${id}`;
  state = (key: string): string => `${this.p}state:${key}`;
  /** Beside the game's own key (one hash slot in a cluster). */
  clock = (gameId: string): string => `${this.p}clock:{${gameId}}`;
  pending = (): string => `${this.p}pending-boards`;
  owed = (): string => `${this.p}boards-owed`;
  events = (): string => `${this.p}events`;
  sending = (gameId: string, chatId: number): string => `${this.p}sending:{${gameId}}:${chatId}`;
  update = (id: number): string => `${this.p}update:${id}`;
  inbox = (): string => `${this.p}inbox`;
  alive = (owner: string): string => `${this.p}alive:${owner}`;
  pace = (key: string): string => `${this.p}pace:${key}`;
  invitation = (id: string): string => `${this.p}invitation:{${id}}`;
  stats = (userId: number): string => `${this.p}stats:${userId}`;
  doc = (key: string): string => `${this.p}doc:{${key}}`;
  docSet = (set: string): string => `${this.p}docs:${set}`;
  /** The search queue and its pending pairs: one hash slot (the pairing script touches both). */
  searchQueue = (): string => `${this.p}{search}:queue`;
  searchPending = (): string => `${this.p}{search}:pending`;
  /** A period's counters and their marks: one hash slot per board. */
  period = (board: string, part: string): string => `${this.p}{period:${board}}:${part}`;
  board_ = (board: string): string => `${this.p}top:${board}`;
  timers = (): string => `${this.p}timers`;
}

class RedisGames implements GameStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
    private readonly ttl: StoreTtl,
  ) {}

  async get(id: string): Promise<string | null> {
    return this.r.hget(this.k.game(id), 'data');
  }

  async index(game: StoredGame): Promise<void> {
    await Promise.all(
      game.chats.map(async (chatId) => {
        const key = this.k.chat(chatId);
        if (game.finished) await this.r.srem(key, game.id);
        else await this.r.multi().sadd(key, game.id).expire(key, this.ttl.idleSeconds).exec();
      }),
    );
  }

  async create(game: StoredGame): Promise<boolean> {
    const ok = (await this.r.nardyCreate(this.k.game(game.id), game.v, game.data, this.ttl.idleSeconds)) === 1;
    if (ok) await this.index(game);
    return ok;
  }

  async save(game: StoredGame, expectedV: number): Promise<SaveResult> {
    const ttl = game.finished ? this.ttl.finishedSeconds : this.ttl.idleSeconds;
    const r = await this.r.nardyCas(this.k.game(game.id), expectedV, game.v, game.data, ttl);
    if (r === 1) {
      await this.index(game);
      return 'saved';
    }
    return r === 0 ? 'conflict' : 'gone';
  }

  async inChat(chatId: number): Promise<string[]> {
    const key = this.k.chat(chatId);
    const ids = await this.r.smembers(key);
    if (ids.length === 0) return [];
    const alive = await Promise.all(ids.map((id) => this.r.exists(this.k.game(id))));
    const gone = ids.filter((_, i) => alive[i] === 0);
    if (gone.length) await this.r.srem(key, ...gone);
    return ids.filter((_, i) => alive[i] === 1);
  }

  async moveChat(fromChatId: number, toChatId: number): Promise<string[]> {
    const ids = await this.inChat(fromChatId);
    const to = this.k.chat(toChatId);
    if (ids.length) await this.r.multi().sadd(to, ...ids).expire(to, this.ttl.idleSeconds).exec();
    await this.r.del(this.k.chat(fromChatId));
    return ids;
  }
}

/** A stored JSON value read back through its decoder: a broken or foreign value is null, never a cast. */
function decodeJson<T>(s: string | null, decode: (x: unknown) => T | null): T | null {
  if (!s) return null;
  try {
    return decode(JSON.parse(s));
  } catch {
    return null;
  }
}
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isId = (x: unknown): x is number => Number.isSafeInteger(x);

function boardMessage(x: unknown): BoardMessage | null {
  if (!isObject(x) || !isId(x.chatId) || !isId(x.messageId) || (x.v !== undefined && !isId(x.v))) return null;
  return { chatId: x.chatId, messageId: x.messageId, ...(x.v !== undefined ? { v: x.v as number } : {}) };
}

function storedChallenge(x: unknown): { chatId: number; data: string } | null {
  return isObject(x) && isId(x.chatId) && typeof x.data === 'string' ? { chatId: x.chatId, data: x.data } : null;
}

class RedisBoards implements BoardStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
    private readonly ttl: StoreTtl,
  ) {}

  async get(gameId: string, chatId: number): Promise<BoardMessage | null> {
    return decodeJson(await this.r.get(this.k.board(gameId, chatId)), boardMessage);
  }

  async set(gameId: string, board: BoardMessage): Promise<void> {
    await this.r.set(this.k.board(gameId, board.chatId), JSON.stringify(board), 'EX', this.ttl.idleSeconds);
  }

  async clear(gameId: string, chatId: number): Promise<void> {
    await this.r.del(this.k.board(gameId, chatId));
  }

  async want(gameId: string, chatId: number, v: number): Promise<void> {
    await this.r.nardyWant(this.k.delivery(gameId, chatId), this.k.lock(gameId, chatId), v, this.ttl.idleSeconds);
  }

  async wanted(gameId: string, chatId: number): Promise<number> {
    return Number((await this.r.hget(this.k.delivery(gameId, chatId), 'want')) ?? -1);
  }

  async lock(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean> {
    const key = this.k.lock(gameId, chatId);
    if ((await this.r.set(key, owner, 'PX', ms, 'NX')) === 'OK') return true;
    // Held by us already (a loop that goes on): keep it.
    if ((await this.r.get(key)) === owner) {
      await this.r.pexpire(key, ms);
      return true;
    }
    return false;
  }

  async release(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean> {
    return (await this.r.nardyRelease(this.k.delivery(gameId, chatId), this.k.lock(gameId, chatId), owner, shown, 15_000)) === 1;
  }

  async lockHolder(gameId: string, chatId: number): Promise<string | null> {
    return this.r.get(this.k.lock(gameId, chatId));
  }

  async takeOver(gameId: string, chatId: number, from: string, to: string, ms: number): Promise<boolean> {
    return (await this.r.nardyTakeOver(this.k.lock(gameId, chatId), from, to, Math.round(ms))) === 1;
  }

  async owe(gameId: string, chatId: number, lookAt: number): Promise<void> {
    await this.r.multi().zadd(this.k.owed(), Math.round(lookAt), `${gameId}|${chatId}`).expire(this.k.owed(), this.ttl.idleSeconds).exec();
  }

  async paid(gameId: string, chatId: number): Promise<void> {
    await this.r.zrem(this.k.owed(), `${gameId}|${chatId}`);
  }

  async owed(before: number, n: number): Promise<Array<{ gameId: string; chatId: number }>> {
    const members = await this.r.zrangebyscore(this.k.owed(), '-inf', Math.round(before), 'LIMIT', 0, n);
    return members.flatMap((m) => {
      const [gameId, chat] = m.split('|');
      return gameId && chat && Number.isSafeInteger(Number(chat)) ? [{ gameId, chatId: Number(chat) }] : [];
    });
  }

  async markPending(gameId: string): Promise<void> {
    // Lives as long as an idle game: an entry outliving its game is dropped at start-up.
    await this.r.multi().sadd(this.k.pending(), gameId).expire(this.k.pending(), this.ttl.idleSeconds).exec();
  }

  async clearPending(gameId: string): Promise<void> {
    await this.r.srem(this.k.pending(), gameId);
  }

  async markSending(gameId: string, chatId: number, caption: string, ttlSeconds: number): Promise<string | null> {
    return this.r.set(this.k.sending(gameId, chatId), caption, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'GET');
  }

  async clearSending(gameId: string, chatId: number): Promise<void> {
    await this.r.del(this.k.sending(gameId, chatId));
  }

  async pending(): Promise<string[]> {
    return this.r.smembers(this.k.pending());
  }
}

class RedisChallenges implements ChallengeStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
    private readonly ttl: StoreTtl,
    private readonly games: RedisGames,
  ) {}

  async put(id: string, chatId: number, data: string): Promise<void> {
    const index = this.k.chatChallenges(chatId);
    await this.r.set(this.k.challenge(id), JSON.stringify({ chatId, data }), 'EX', this.ttl.challengeSeconds);
    await this.r.multi().sadd(index, id).expire(index, this.ttl.challengeSeconds).exec();
  }

  async get(id: string): Promise<string | null> {
    return decodeJson(await this.r.get(this.k.challenge(id)), storedChallenge)?.data ?? null;
  }

  async take(id: string): Promise<string | null> {
    const c = decodeJson(await this.r.getdel(this.k.challenge(id)), storedChallenge);
    if (!c) return null;
    await this.r.srem(this.k.chatChallenges(c.chatId), id);
    return c.data;
  }

  async claim(id: string, game: StoredGame): Promise<boolean> {
    const stored = decodeJson(await this.r.get(this.k.challenge(id)), storedChallenge);
    const ok = (await this.r.nardyClaim(this.k.challenge(id), this.k.game(game.id), game.v, game.data, this.ttl.idleSeconds)) === 1;
    if (!ok) return false;
    if (stored) await this.r.srem(this.k.chatChallenges(stored.chatId), id);
    await this.games.index(game);
    return true;
  }

  async inChat(chatId: number): Promise<string[]> {
    const index = this.k.chatChallenges(chatId);
    const ids = await this.r.smembers(index);
    const out: string[] = [];
    for (const id of ids) {
      const data = await this.get(id);
      if (data) out.push(data);
      else await this.r.srem(index, id);
    }
    return out;
  }
}

class RedisUsers implements UserStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async get(id: number): Promise<string | null> {
    return this.r.get(this.k.user(id));
  }

  async put(id: number, data: string): Promise<void> {
    await this.r.set(this.k.user(id), data, 'EX', USER_TTL_SECONDS);
  }
}

class RedisInvitations implements InvitationStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
    private readonly ttl: StoreTtl,
    private readonly games: RedisGames,
  ) {}

  async put(id: string, data: string, ttlSeconds: number): Promise<void> {
    await this.r.set(this.k.invitation(id), data, 'EX', ttlSeconds);
  }

  async get(id: string): Promise<string | null> {
    return this.r.get(this.k.invitation(id));
  }

  async take(id: string): Promise<string | null> {
    return this.r.getdel(this.k.invitation(id));
  }

  async claim(id: string, game: StoredGame): Promise<boolean> {
    const ok = (await this.r.nardyClaim(this.k.invitation(id), this.k.game(game.id), game.v, game.data, this.ttl.idleSeconds)) === 1;
    if (ok) await this.games.index(game);
    return ok;
  }
}

class RedisSearch implements SearchStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async add(userId: number, data: string): Promise<boolean> {
    return (await this.r.hsetnx(this.k.searchQueue(), String(userId), data)) === 1;
  }

  async update(userId: number, data: string): Promise<boolean> {
    return (await this.r.nardySearchUpdate(this.k.searchQueue(), String(userId), data)) === 1;
  }

  async remove(userId: number): Promise<boolean> {
    return (await this.r.hdel(this.k.searchQueue(), String(userId))) === 1;
  }

  async get(userId: number): Promise<string | null> {
    return this.r.hget(this.k.searchQueue(), String(userId));
  }

  async all(): Promise<Array<{ userId: number; data: string }>> {
    const h = await this.r.hgetall(this.k.searchQueue());
    return Object.entries(h).map(([id, data]) => ({ userId: Number(id), data }));
  }

  async pair(a: number, b: number, pairId: string, data: string): Promise<boolean> {
    return (await this.r.nardySearchPair(this.k.searchQueue(), this.k.searchPending(), String(a), String(b), pairId, data)) === 1;
  }

  async pending(): Promise<Array<{ id: string; data: string }>> {
    const h = await this.r.hgetall(this.k.searchPending());
    return Object.entries(h).map(([id, data]) => ({ id, data }));
  }

  async done(pairId: string): Promise<boolean> {
    return (await this.r.hdel(this.k.searchPending(), pairId)) === 1;
  }
}

class RedisDocs implements DocStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async index(set: string, member: string, on: boolean): Promise<void> {
    if (on) await this.r.sadd(this.k.docSet(set), member);
    else await this.r.srem(this.k.docSet(set), member);
  }

  async members(set: string): Promise<string[]> {
    return this.r.smembers(this.k.docSet(set));
  }

  async get(key: string): Promise<{ v: number; data: string } | null> {
    const [v, data] = await this.r.hmget(this.k.doc(key), 'v', 'data');
    return v == null || data == null ? null : { v: Number(v), data };
  }

  async save(key: string, expectedV: number, data: string, ttlSeconds: number): Promise<boolean> {
    const k = this.k.doc(key);
    if (expectedV === 0) return (await this.r.nardyCreate(k, 1, data, ttlSeconds)) === 1;
    return (await this.r.nardyCas(k, expectedV, expectedV + 1, data, ttlSeconds)) === 1;
  }
}

class RedisStats implements StatsStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async get(userId: number): Promise<{ v: number; data: string } | null> {
    const [v, data] = await this.r.hmget(this.k.stats(userId), 'v', 'data');
    return v == null || data == null ? null : { v: Number(v), data };
  }

  async save(userId: number, expectedV: number, data: string): Promise<boolean> {
    const key = this.k.stats(userId);
    if (expectedV === 0) return (await this.r.nardyCreate(key, 1, data, USER_TTL_SECONDS)) === 1;
    return (await this.r.nardyCas(key, expectedV, expectedV + 1, data, USER_TTL_SECONDS)) === 1;
  }

  async rank(board: string, userId: number, score: number): Promise<void> {
    const key = this.k.board_(board);
    await this.r.multi().zadd(key, score, String(userId)).expire(key, USER_TTL_SECONDS).exec();
  }

  async top(board: string, n: number): Promise<Array<{ userId: number; score: number }>> {
    const flat = await this.r.zrevrange(this.k.board_(board), 0, n - 1, 'WITHSCORES');
    const out: Array<{ userId: number; score: number }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ userId: Number(flat[i]), score: Number(flat[i + 1]) });
    return out;
  }

  async place(board: string, userId: number): Promise<number | null> {
    const r = await this.r.zrevrank(this.k.board_(board), String(userId));
    return r === null ? null : r + 1;
  }

  async bumpPeriod(board: string, mark: string, userId: number, win: boolean, gained: number, ttlSeconds: number): Promise<boolean> {
    const k = (part: string): string => this.k.period(board, part);
    return (await this.r.nardyPeriod(k(`done:${mark}`), k('games'), k('wins'), k('gained'), String(userId), win ? 1 : 0, gained, ttlSeconds)) === 1;
  }

  async period(board: string): Promise<Array<{ userId: number; games: number; wins: number; gained: number }>> {
    const k = (part: string): string => this.k.period(board, part);
    const [games, wins, gained] = await Promise.all(['games', 'wins', 'gained'].map((p) => this.r.zrange(k(p), 0, -1, 'WITHSCORES')));
    const map = (flat: string[]): Map<number, number> => {
      const m = new Map<number, number>();
      for (let i = 0; i + 1 < flat.length; i += 2) m.set(Number(flat[i]), Number(flat[i + 1]));
      return m;
    };
    const w = map(wins!);
    const g = map(gained!);
    return [...map(games!)].map(([userId, n]) => ({ userId, games: n, wins: w.get(userId) ?? 0, gained: g.get(userId) ?? 0 }));
  }
}

class RedisTimers implements TimerStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
    private readonly ttl: StoreTtl,
  ) {}

  async set(id: string, at: number): Promise<void> {
    // The set lives as long as an idle game; each timer in it is dropped when it fires.
    await this.r.multi().zadd(this.k.timers(), Math.round(at), id).expire(this.k.timers(), this.ttl.idleSeconds).exec();
  }

  async clear(id: string): Promise<void> {
    await this.r.zrem(this.k.timers(), id);
  }

  async due(now: number, n: number, leaseMs: number): Promise<string[]> {
    return this.r.nardyDue(this.k.timers(), Math.round(now), n, Math.round(now + leaseMs));
  }

  async done(id: string, leasedUntil: number): Promise<void> {
    await this.r.nardyDone(this.k.timers(), id, Math.round(leasedUntil));
  }

  async when(id: string): Promise<number | null> {
    const s = await this.r.zscore(this.k.timers(), id);
    return s === null ? null : Number(s);
  }
}

class RedisDialogues implements DialogueStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async get(key: string): Promise<unknown> {
    const s = await this.r.get(this.k.state(key));
    return s === null ? undefined : JSON.parse(s);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.r.set(this.k.state(key), JSON.stringify(value), 'EX', ttlSeconds);
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return (await this.r.set(this.k.state(key), JSON.stringify(value), 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.r.del(this.k.state(key));
  }
}

class RedisClocks implements ClockStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async get(gameId: string): Promise<unknown> {
    return decodeJson(await this.r.get(this.k.clock(gameId)), (x) => x) ?? undefined;
  }

  async set(gameId: string, clock: unknown, ttlSeconds: number): Promise<void> {
    await this.r.set(this.k.clock(gameId), JSON.stringify(clock), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async delete(gameId: string): Promise<void> {
    await this.r.del(this.k.clock(gameId));
  }
}

class RedisUpdates implements UpdateStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async claim(updateId: number): Promise<boolean> {
    return (await this.r.set(this.k.update(updateId), '1', 'EX', 86_400, 'NX')) === 'OK';
  }

  async record(owner: string, updates: ReadonlyArray<{ readonly update_id: number }>): Promise<void> {
    if (!updates.length) return;
    // Stamped by the server's clock: the sweeps of every instance compare it with theirs.
    const at = await serverTime(this.r);
    const fields: string[] = [];
    for (const u of updates) fields.push(String(u.update_id), JSON.stringify({ owner, at, update: u }));
    // One hash: an entry lives until its update is handled; the whole inbox at most a day idle.
    // A re-delivered update keeps its first entry (and the instance that took it first).
    let m = this.r.multi();
    for (let i = 0; i < fields.length; i += 2) m = m.hsetnx(this.k.inbox(), fields[i]!, fields[i + 1]!);
    await m.expire(this.k.inbox(), 86_400).exec();
  }

  async finish(updateId: number, owner?: string): Promise<void> {
    if (owner === undefined) await this.r.hdel(this.k.inbox(), String(updateId));
    else await this.r.nardyFinishOwn(this.k.inbox(), String(updateId), owner);
  }

  async unfinished(): Promise<Array<{ owner: string; at: number; update: { readonly update_id: number } }>> {
    const all = await this.r.hgetall(this.k.inbox());
    const out: Array<{ owner: string; at: number; update: { readonly update_id: number } }> = [];
    for (const raw of Object.values(all)) {
      try {
        const e = JSON.parse(raw) as { owner?: unknown; at?: unknown; update?: { update_id?: unknown } };
        if (typeof e.owner === 'string' && typeof e.at === 'number' && e.update && Number.isSafeInteger(e.update.update_id)) out.push(e as { owner: string; at: number; update: { update_id: number } });
      } catch {
        // An unreadable entry is nothing to replay.
      }
    }
    return out;
  }

  async take(updateId: number): Promise<boolean> {
    return (await this.r.hdel(this.k.inbox(), String(updateId))) === 1;
  }

  async beat(owner: string, ttlSeconds: number): Promise<void> {
    await this.r.set(this.k.alive(owner), '1', 'EX', ttlSeconds);
  }

  async alive(owner: string): Promise<boolean> {
    return (await this.r.exists(this.k.alive(owner))) === 1;
  }
}

/**
 * The durable events as one Redis stream (capped at about 100,000 entries), a consumer group per
 * listener: XREADGROUP takes new ones, XAUTOCLAIM takes back those a dead or failed taker left.
 */
/** The event stream lives a month after its last event. */
const EVENTS_TTL_SECONDS = 30 * 86_400;

class RedisEvents implements EventStore {
  private readonly made = new Set<string>();

  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async add(events: ReadonlyArray<string>): Promise<void> {
    if (!events.length) return;
    let m = this.r.multi();
    for (const data of events) m = m.xadd(this.k.events(), 'MAXLEN', '~', '100000', '*', 'data', data);
    await m.expire(this.k.events(), EVENTS_TTL_SECONDS).exec();
  }

  async join(group: string): Promise<void> {
    await this.group(group);
  }

  private async group(group: string): Promise<void> {
    if (this.made.has(group)) return;
    try {
      // A new group starts at the end of the stream: it hears what comes from now on.
      await this.r.xgroup('CREATE', this.k.events(), group, '$', 'MKSTREAM');
      // Every key has a lifetime: the stream's is renewed by each event added.
      await this.r.expire(this.k.events(), EVENTS_TTL_SECONDS);
    } catch (e) {
      if (!/BUSYGROUP/.test(String((e as Error)?.message))) throw e;
    }
    this.made.add(group);
  }

  async take(group: string, consumer: string, n: number, idleMs: number): Promise<Array<{ id: string; data: string }>> {
    try {
      return await this.takeIn(group, consumer, n, idleMs);
    } catch (e) {
      // The stream or its group is gone (Redis lost its data): made again, then read.
      if (!/NOGROUP/.test(String((e as Error)?.message))) throw e;
      this.made.delete(group);
      return this.takeIn(group, consumer, n, idleMs);
    }
  }

  private async takeIn(group: string, consumer: string, n: number, idleMs: number): Promise<Array<{ id: string; data: string }>> {
    await this.group(group);
    const out: Array<{ id: string; data: string }> = [];
    const read = (entries: Array<[string, string[]]> | null | undefined): void => {
      for (const [id, fields] of entries ?? []) {
        if (!fields) continue;
        const i = fields.indexOf('data');
        if (i >= 0 && fields[i + 1] !== undefined) out.push({ id, data: fields[i + 1]! });
      }
    };
    const claimed = (await this.r.xautoclaim(this.k.events(), group, consumer, idleMs, '0-0', 'COUNT', n)) as [string, Array<[string, string[]]>, string[]?];
    read(claimed?.[1]);
    if (out.length < n) {
      const fresh = (await this.r.xreadgroup('GROUP', group, consumer, 'COUNT', n - out.length, 'STREAMS', this.k.events(), '>')) as Array<[string, Array<[string, string[]]>]> | null;
      read(fresh?.[0]?.[1]);
    }
    return out;
  }

  async ack(group: string, ids: ReadonlyArray<string>): Promise<void> {
    if (ids.length) await this.r.xack(this.k.events(), group, ...ids);
  }
}

class RedisPacing implements PaceStore {
  constructor(
    private readonly r: Scripted,
    private readonly k: Keys,
  ) {}

  async reserve(key: string, intervalMs: number): Promise<number> {
    return Number(await this.r.nardyReserve(this.k.pace(key), Math.round(intervalMs)));
  }

  async hold(key: string, ms: number): Promise<void> {
    await this.r.nardyHold(this.k.pace(key), Math.round(ms));
  }

  async claim(key: string, leaseMs: number): Promise<number> {
    return Number(await this.r.nardyClaimPace(this.k.pace(`${key}:end`), Math.round(leaseMs)));
  }

  async ended(key: string, intervalMs: number): Promise<void> {
    await this.r.nardySetFromNow(this.k.pace(`${key}:end`), Math.round(intervalMs));
  }
}

export interface RedisOptions {
  /** Told once per outage (and again when it ends). */
  readonly onConnectionChange?: (up: boolean, error?: Error) => void;
  /** How long a call waits for a first connection before it counts as an outage, in ms. */
  readonly connectWaitMs?: number;
}

/**
 * Games' changes over Redis pub/sub, on a connection of its own (a subscribed connection runs no
 * other command), opened when the first listener comes. In a cluster a PUBLISH reaches every node.
 */
class RedisFeed implements GameFeed {
  private sub: Client | null = null;
  private readonly listeners = new Set<(id: string, v: number) => void>();

  constructor(
    private readonly redis: Client,
    private readonly channel: string,
  ) {}

  async publish(id: string, v: number): Promise<void> {
    await this.redis.publish(this.channel, `${id}:${v}`);
  }

  async subscribe(listener: (id: string, v: number) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    if (!this.sub) {
      const sub = (this.sub = this.redis.duplicate() as Client);
      sub.on('error', () => undefined);
      sub.on('message', (channel: string, message: string) => {
        if (channel !== this.channel) return;
        const m = /^([0-9a-z]{1,40}):(\d{1,12})$/.exec(message);
        if (!m) return;
        for (const l of [...this.listeners]) l(m[1]!, Number(m[2]));
      });
      // Subscribed again by ioredis after each reconnection.
      if (sub.status !== 'ready') await new Promise<void>((resolve) => sub.once('ready', () => resolve()));
      await sub.subscribe(this.channel);
    }
    return async () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly redis: Scripted;
  readonly games: GameStore;
  readonly boards: BoardStore;
  readonly challenges: ChallengeStore;
  readonly users: UserStore;
  readonly dialogues: DialogueStore;
  readonly clocks: ClockStore;
  readonly updates: UpdateStore;
  readonly pacing: PaceStore;
  readonly invitations: InvitationStore;
  readonly stats: StatsStore;
  readonly docs: DocStore;
  readonly search: SearchStore;
  readonly timers: TimerStore;
  readonly events: EventStore;
  readonly feed: RedisFeed;
  private up = false;
  private everUp = false;
  /** The last connection error (start-up reports it). */
  lastError: Error | null = null;
  /** The distinct connection errors seen (the first few). */
  readonly errorsSeen: string[] = [];
  private readonly firstReady: Promise<void>;

  constructor(target: RedisTarget | string, prefix: string, ttl: StoreTtl, private readonly opts: RedisOptions = {}) {
    const client = connect(typeof target === 'string' ? { url: target } : target);
    client.defineCommand('nardyCas', { numberOfKeys: 1, lua: CAS });
    client.defineCommand('nardyCreate', { numberOfKeys: 1, lua: CREATE });
    client.defineCommand('nardyClaim', { numberOfKeys: 2, lua: CLAIM });
    client.defineCommand('nardyWant', { numberOfKeys: 2, lua: WANT });
    client.defineCommand('nardyRelease', { numberOfKeys: 2, lua: RELEASE });
    client.defineCommand('nardyReserve', { numberOfKeys: 1, lua: RESERVE });
    client.defineCommand('nardyHold', { numberOfKeys: 1, lua: HOLD });
    client.defineCommand('nardyClaimPace', { numberOfKeys: 1, lua: CLAIM_PACE });
    client.defineCommand('nardySetFromNow', { numberOfKeys: 1, lua: SET_FROM_NOW });
    client.defineCommand('nardyFinishOwn', { numberOfKeys: 1, lua: FINISH_OWN });
    client.defineCommand('nardyDue', { numberOfKeys: 1, lua: DUE });
    client.defineCommand('nardyDone', { numberOfKeys: 1, lua: DONE });
    client.defineCommand('nardyTakeOver', { numberOfKeys: 1, lua: TAKE_OVER });
    client.defineCommand('nardySearchPair', { numberOfKeys: 2, lua: SEARCH_PAIR });
    client.defineCommand('nardySearchUpdate', { numberOfKeys: 1, lua: SEARCH_UPDATE });
    client.defineCommand('nardyPeriod', { numberOfKeys: 4, lua: PERIOD_BUMP });
    this.redis = client as Scripted;
    this.firstReady = new Promise<void>((resolve) => client.once('ready', () => resolve()));
    client.on('ready', () => {
      if (!this.up && this.everUp) opts.onConnectionChange?.(true);
      this.up = true;
      this.everUp = true;
    });
    // One word per outage, not one per reconnection attempt; and never an unhandled 'error'.
    client.on('error', (e: Error) => {
      if (this.up || (!this.everUp && !this.lastError)) opts.onConnectionChange?.(false, e);
      this.lastError = e;
      // What each failure said (a cluster's carries its node's reason apart), for start-up's line.
      for (const m of [e.message, (e as { lastNodeError?: Error }).lastNodeError?.message]) {
        if (m && !this.errorsSeen.includes(m) && this.errorsSeen.length < 8) this.errorsSeen.push(m);
      }
      this.up = false;
    });
    client.on('end', () => (this.up = false));
    const ready = (): Promise<void> => this.connected();
    const keys = new Keys(prefix);
    this.games = guard(new RedisGames(this.redis, keys, ttl), ready);
    this.boards = guard(new RedisBoards(this.redis, keys, ttl), ready);
    this.challenges = guard(new RedisChallenges(this.redis, keys, ttl, new RedisGames(this.redis, keys, ttl)), ready);
    this.users = guard(new RedisUsers(this.redis, keys), ready);
    this.dialogues = guard(new RedisDialogues(this.redis, keys), ready);
    this.clocks = guard(new RedisClocks(this.redis, keys), ready);
    this.updates = guard(new RedisUpdates(this.redis, keys), ready);
    this.pacing = guard(new RedisPacing(this.redis, keys), ready);
    this.invitations = guard(new RedisInvitations(this.redis, keys, ttl, new RedisGames(this.redis, keys, ttl)), ready);
    this.stats = guard(new RedisStats(this.redis, keys), ready);
    this.docs = guard(new RedisDocs(this.redis, keys), ready);
    this.search = guard(new RedisSearch(this.redis, keys), ready);
    this.timers = guard(new RedisTimers(this.redis, keys, ttl), ready);
    this.events = guard(new RedisEvents(this.redis, keys), ready);
    this.feed = new RedisFeed(client, `${prefix}feed`);
  }

  /** Wait (a little) for the first connection; later, an outage shows as failing commands. */
  private async connected(): Promise<void> {
    if (this.everUp) return;
    const wait = this.opts.connectWaitMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstReady,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StoreUnavailable(new Error(`no connection to Redis within ${wait} ms`))), wait);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async ping(): Promise<void> {
    try {
      await this.connected();
      // A database the server does not have is refused here, not silently replaced by 0.
      const db = (this.redis as Redis).options?.db;
      if (!(this.redis instanceof Cluster) && db) await (this.redis as Redis).select(db);
      await this.redis.ping();
    } catch (e) {
      if (e instanceof Error && /DB index/i.test(e.message)) throw new StoreUnavailable(e);
      const why = this.lastError ? new Error(this.lastError.message) : e;
      throw new StoreUnavailable(why);
    }
  }

  async time(): Promise<number> {
    try {
      await this.connected();
      return await serverTime(this.redis);
    } catch (e) {
      if (e instanceof StoreUnavailable) throw e;
      throw new StoreUnavailable(e);
    }
  }

  async close(): Promise<void> {
    await this.feed.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
