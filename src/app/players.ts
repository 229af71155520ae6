/** Players: their settings and language. */
import { StoreUnavailable, type Store } from '../store/types.js';
import { DEFAULT_SETTINGS, type Lang, type SettingChange, type UserSettings } from './model.js';
import { decodeUser, encodeUser, RecordError } from './records.js';

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

  /** A user's settings, the defaults filling in whatever was never set. */
  async settings(userId: number): Promise<UserSettings> {
    const raw = await this.store.users.get(userId);
    if (raw === null) return DEFAULT_SETTINGS;
    try {
      return decodeUser(JSON.parse(raw)).settings;
    } catch (e) {
      if (e instanceof RecordError || e instanceof SyntaxError) return DEFAULT_SETTINGS;
      throw e;
    }
  }

  async change(userId: number, change: SettingChange): Promise<UserSettings> {
    const cur = await this.settings(userId);
    const next: UserSettings = { ...cur, [change.key]: change.value };
    await this.store.users.put(userId, encodeUser({ settings: next }));
    return next;
  }

  /** The language to speak to a user: their choice, else their Telegram language (also when storage is down). */
  async language(userId: number, telegramCode: string | undefined): Promise<Lang> {
    try {
      return (await this.settings(userId)).lang ?? langFromTelegram(telegramCode, this.defaultLang);
    } catch (e) {
      if (e instanceof StoreUnavailable) return langFromTelegram(telegramCode, this.defaultLang);
      throw e;
    }
  }
}
