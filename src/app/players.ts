/** Players: their settings and language, the commitments of their dice, their last game. */
import { randomBytes } from 'node:crypto';
import { chainCommit } from '../engine/dice.js';
import { StoreUnavailable, type Store } from '../store/types.js';
import type { Lang, MatchDice, SettingChange, UserSettings } from './model.js';
import { CLIENT_SEED, decodeUser, EMPTY_USER, encodeUser, RecordError, type UserFair, type UserRecord } from './records.js';

const RUSSIAN_LIKE = ['ru', 'uk', 'be', 'kk', 'uz', 'ky', 'tg', 'hy', 'az', 'ka', 'tt', 'ba'];

/** Russian for the languages of its neighbours; English for everyone else; the fallback when unknown. */
export function langFromTelegram(code: string | undefined, fallback: Lang): Lang {
  if (!code) return fallback;
  const base = code.toLowerCase().split(/[-_]/)[0]!;
  if (base === 'en') return 'en';
  if (RUSSIAN_LIKE.includes(base)) return 'ru';
  return 'en';
}

export class Players {
  constructor(
    private readonly store: Store,
    private readonly defaultLang: Lang,
  ) {}

  private async record(userId: number): Promise<UserRecord> {
    const raw = await this.store.users.get(userId);
    if (raw === null) return EMPTY_USER;
    try {
      return decodeUser(JSON.parse(raw));
    } catch (e) {
      if (e instanceof RecordError || e instanceof SyntaxError) return EMPTY_USER;
      throw e;
    }
  }

  private async write(userId: number, rec: UserRecord): Promise<void> {
    await this.store.users.put(userId, encodeUser(rec));
  }

  /** A user's settings, the defaults filling in whatever was never set. */
  async settings(userId: number): Promise<UserSettings> {
    return (await this.record(userId)).settings;
  }

  async change(userId: number, change: SettingChange): Promise<UserSettings> {
    const cur = await this.record(userId);
    const settings: UserSettings = { ...cur.settings, [change.key]: change.value };
    await this.write(userId, { ...cur, settings });
    return settings;
  }

  /** The language to speak to a user: their choice, else their Telegram language (also when storage is down). */
  async language(userId: number, telegramCode: string | undefined): Promise<Lang> {
    try {
      const r = await this.record(userId);
      return r.settings.lang ?? langFromTelegram(telegramCode, r.spoken ?? this.defaultLang);
    } catch (e) {
      if (e instanceof StoreUnavailable) return langFromTelegram(telegramCode, this.defaultLang);
      throw e;
    }
  }

  /**
   * The commitment of the dice chain of the user's next match, made now if there is none: shown
   * before the match starts, so the chain is fixed before the client seed is known.
   */
  async nextCommit(userId: number): Promise<string> {
    const cur = await this.record(userId);
    if (cur.fair.next) return chainCommit(cur.fair.next);
    const next = randomBytes(32).toString('hex');
    await this.write(userId, { ...cur, fair: { ...cur.fair, next } });
    return chainCommit(next);
  }

  /** Take the user's committed chain for a match starting now; a new one is committed for the next. */
  async takeChain(userId: number): Promise<{ master: string; commit: string }> {
    const cur = await this.record(userId);
    const master = cur.fair.next ?? randomBytes(32).toString('hex');
    await this.write(userId, { ...cur, fair: { ...cur.fair, next: randomBytes(32).toString('hex') } });
    return { master, commit: chainCommit(master) };
  }

  /** The client seed of a match started by this user's press: their own seed, else the press's id. */
  async clientSeed(userId: number, pressId: string): Promise<string> {
    const own = (await this.record(userId)).fair.seed;
    return own ?? (pressId.replace(/[^!-9;-~]/g, '').slice(0, 64) || '0');
  }

  /** The dice of a match started by `userId`'s press: their chain, their seed or the press id. */
  async matchDice(userId: number, pressId: string): Promise<MatchDice> {
    const chain = await this.takeChain(userId);
    return { ...chain, client: await this.clientSeed(userId, pressId), base: 1 };
  }

  async fair(userId: number): Promise<UserFair> {
    return (await this.record(userId)).fair;
  }

  /** Set (or with null clear) the user's own client seed. False when the text is not a valid seed. */
  async setClientSeed(userId: number, seed: string | null): Promise<boolean> {
    if (seed !== null && !CLIENT_SEED.test(seed)) return false;
    const cur = await this.record(userId);
    await this.write(userId, { ...cur, fair: { ...cur.fair, seed } });
    return true;
  }

  async noteGameOver(userId: number, gameId: string): Promise<void> {
    const cur = await this.record(userId);
    if (cur.lastGame !== gameId) await this.write(userId, { ...cur, lastGame: gameId });
  }

  /** Remember the name a user goes by (written only when it changed). */
  /** The name (and language) Telegram gives a user, for messages sent without an update of theirs. */
  async rememberName(userId: number, name: string, telegramCode?: string): Promise<void> {
    const cur = await this.record(userId);
    const spoken = telegramCode ? langFromTelegram(telegramCode, this.defaultLang) : cur.spoken;
    const short = name.slice(0, 64);
    if (cur.name !== short || cur.spoken !== spoken) await this.write(userId, { ...cur, name: short, ...(spoken ? { spoken } : {}) });
  }

  async nameOf(userId: number): Promise<string | null> {
    return (await this.record(userId)).name ?? null;
  }

  async lastGame(userId: number): Promise<string | null> {
    return (await this.record(userId)).lastGame;
  }
}
