/**
 * Redis store (ioredis). A game is one hash {v, data}; saves are compare-and-set in a Lua script,
 * so of two concurrent presses only one is applied. A set per chat indexes its active games;
 * challenges are strings with a TTL, taken with GETDEL.
 */
import { Redis } from 'ioredis';
import type { BoardMessage, Challenge, GameRecord, Store, StoreTtl, UserSettings } from './types.js';

const CAS = `
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return -1 end
if tonumber(cur) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
if ARGV[5] == '1' then redis.call('SREM', KEYS[2], ARGV[6]) else redis.call('SADD', KEYS[2], ARGV[6]) end
return 1
`;

const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'data', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[4])
return 1
`;

type CasRedis = Redis & {
  nardyCas(gameKey: string, chatKey: string, expected: number, v: number, data: string, ttl: number, finished: string, id: string): Promise<number>;
  nardyCreate(gameKey: string, chatKey: string, v: number, data: string, ttl: number, id: string): Promise<number>;
};

export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly redis: CasRedis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly ttl: StoreTtl,
  ) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    redis.defineCommand('nardyCas', { numberOfKeys: 2, lua: CAS });
    redis.defineCommand('nardyCreate', { numberOfKeys: 2, lua: CREATE });
    this.redis = redis as CasRedis;
  }

  private gameKey(id: string): string {
    return `${this.prefix}game:${id}`;
  }

  private chatKey(chatId: number): string {
    return `${this.prefix}chat:${chatId}`;
  }

  private challengeKey(id: string): string {
    return `${this.prefix}challenge:${id}`;
  }

  async getGame(id: string): Promise<GameRecord | null> {
    const data = await this.redis.hget(this.gameKey(id), 'data');
    return data ? (JSON.parse(data) as GameRecord) : null;
  }

  async createGame(game: GameRecord): Promise<boolean> {
    const r = await this.redis.nardyCreate(this.gameKey(game.id), this.chatKey(game.chatId), game.v, JSON.stringify(game), this.ttl.idleSeconds, game.id);
    return r === 1;
  }

  async saveGame(game: GameRecord, expectedV: number): Promise<boolean> {
    const ttl = game.finished ? this.ttl.finishedSeconds : this.ttl.idleSeconds;
    const r = await this.redis.nardyCas(this.gameKey(game.id), this.chatKey(game.chatId), expectedV, game.v, JSON.stringify(game), ttl, game.finished ? '1' : '0', game.id);
    return r === 1;
  }

  async activeGames(chatId: number): Promise<string[]> {
    const ids = await this.redis.smembers(this.chatKey(chatId));
    if (ids.length === 0) return [];
    const alive = await Promise.all(ids.map((id) => this.redis.exists(this.gameKey(id))));
    const gone = ids.filter((_, i) => alive[i] === 0);
    if (gone.length) await this.redis.srem(this.chatKey(chatId), ...gone);
    return ids.filter((_, i) => alive[i] === 1);
  }

  async moveChat(fromChatId: number, toChatId: number): Promise<string[]> {
    const ids = await this.activeGames(fromChatId);
    if (ids.length) await this.redis.sadd(this.chatKey(toChatId), ...ids);
    await this.redis.del(this.chatKey(fromChatId));
    return ids;
  }

  async getBoard(gameId: string): Promise<BoardMessage | null> {
    const s = await this.redis.get(`${this.prefix}board:${gameId}`);
    return s ? (JSON.parse(s) as BoardMessage) : null;
  }

  async setBoard(gameId: string, board: BoardMessage | null): Promise<void> {
    if (board) await this.redis.set(`${this.prefix}board:${gameId}`, JSON.stringify(board), 'EX', this.ttl.idleSeconds);
    else await this.redis.del(`${this.prefix}board:${gameId}`);
  }

  async putChallenge(c: Challenge): Promise<void> {
    await this.redis
      .multi()
      .set(this.challengeKey(c.id), JSON.stringify(c), 'EX', this.ttl.challengeSeconds)
      .sadd(`${this.prefix}challenges:${c.chatId}`, c.id)
      .expire(`${this.prefix}challenges:${c.chatId}`, this.ttl.challengeSeconds)
      .exec();
  }

  async getChallenge(id: string): Promise<Challenge | null> {
    const s = await this.redis.get(this.challengeKey(id));
    return s ? (JSON.parse(s) as Challenge) : null;
  }

  async takeChallenge(id: string): Promise<Challenge | null> {
    const s = await this.redis.getdel(this.challengeKey(id));
    return s ? (JSON.parse(s) as Challenge) : null;
  }

  async chatChallenges(chatId: number): Promise<Challenge[]> {
    const key = `${this.prefix}challenges:${chatId}`;
    const ids = await this.redis.smembers(key);
    const out: Challenge[] = [];
    for (const id of ids) {
      const c = await this.getChallenge(id);
      if (c) out.push(c);
      else await this.redis.srem(key, id);
    }
    return out;
  }

  async getState(key: string): Promise<unknown> {
    const s = await this.redis.get(`${this.prefix}state:${key}`);
    return s === null ? undefined : JSON.parse(s);
  }

  async setState(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.redis.set(`${this.prefix}state:${key}`, JSON.stringify(value), 'EX', ttlSeconds);
  }

  async deleteState(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}state:${key}`);
  }

  async getUser(id: number): Promise<UserSettings | null> {
    const s = await this.redis.get(`${this.prefix}user:${id}`);
    return s ? (JSON.parse(s) as UserSettings) : null;
  }

  async putUser(id: number, settings: UserSettings): Promise<void> {
    await this.redis.set(`${this.prefix}user:${id}`, JSON.stringify(settings));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
